/**
 * Development and tests only: the request layer loads this module behind
 * `process.env.NODE_ENV !== 'production'`, so webpack leaves it (and the generated validators) out of
 * the production bundle. Checks a success answer against the contract (openapi/openapi.yaml, through
 * the validators scripts/generate-validators.mjs generates) and reports the operation and the field
 * that was wrong.
 */
import * as validators from './generated/answer-validators';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}
type Validator = ((body: unknown) => boolean) & { errors?: AjvError[] | null };

/** What did not match: the operation, the field as a path from the envelope, and what was wrong. */
export interface AnswerMismatch {
  operation: string;
  /** e.g. `data.carts[0].goods.title`, `data` (the whole data), `(body)`. */
  field: string;
  problem: string;
}

/** A JSON pointer of Ajv (`/data/carts/0/goods`) as a path a developer reads (`data.carts[0].goods`). */
function fieldOf(error: AjvError): string {
  const parts = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    parts.push(error.params.missingProperty);
  }
  const path = parts
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
  return path || '(body)';
}

/**
 * Checks the answer of `operation` (its operationId: the endpoint's name) against the contract's
 * success envelope. A mismatch is written to the console with the operation and the field, and
 * returned; an operation without a validator passes.
 */
export function checkAnswer(operation: string, body: unknown): AnswerMismatch | null {
  const validate = (validators as Record<string, Validator | undefined>)[operation];
  if (!validate || validate(body)) return null;
  const error = validate.errors?.[0];
  const mismatch: AnswerMismatch = {
    operation,
    field: error ? fieldOf(error) : '(body)',
    problem: error?.message ?? 'does not match',
  };
  console.error(
    `The answer of ${operation} does not match the contract (openapi/openapi.yaml): ${mismatch.field} ${mismatch.problem}`,
  );
  return mismatch;
}
