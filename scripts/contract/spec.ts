/**
 * Loads openapi/openapi.yaml and compiles the response schemas of its operations with Ajv
 * (draft 2020-12, the dialect of OpenAPI 3.1).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** openapi/openapi.yaml at the repository root. */
export const DEFAULT_SPEC_FILE = path.resolve(__dirname, '../../openapi/openapi.yaml');

/** The id the whole document is registered under, so `#/components/...` refs resolve inside it. */
const DOC_ID = 'https://contract.invalid/openapi.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Json = Record<string, unknown>;

export interface Operation {
  operationId: string;
  method: string; // upper case
  path: string;
  /** `security: []`: callable without a token. */
  isPublic: boolean;
  /** Response status keys as written ("200", "400", "4XX", "default"). */
  statuses: string[];
  /** JSON pointer (without '#') of the application/json schema of each status, null when it has none. */
  schemaPointers: Record<string, string | null>;
}

export interface Validation {
  /** The status key of the contract that matched the HTTP status, or null when none is declared. */
  declared: string | null;
  /** Readable problems: '<instancePath> <message>'. Empty when the body matches. */
  errors: string[];
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function at(doc: unknown, pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Json)[part];
  }
  return node;
}

function short(value: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** One Ajv error as '<instancePath> <message>', with the allowed values or the value found. */
export function describeAjvError(e: ErrorObject, body: unknown): string {
  const where = e.instancePath || '(body)';
  let text = e.message ?? e.keyword;
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) text += ` ${short(params.allowedValues)}`;
  if (e.keyword === 'const') text += ` ${short(params.allowedValue)}`;
  if (e.keyword !== 'required' && e.keyword !== 'additionalProperties') {
    const value = e.instancePath ? at(body, e.instancePath) : body;
    text += ` (got ${short(value)})`;
  }
  return `${where} ${text}`;
}

export class Contract {
  readonly operations = new Map<string, Operation>();
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(
    readonly file: string,
    private readonly doc: Json,
  ) {
    // strict: false because OpenAPI adds keywords JSON Schema does not know (example, x-*).
    this.ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true); // OpenAPI's marker for file parts, not a string check
    this.ajv.addSchema(doc, DOC_ID);

    const paths = (doc.paths ?? {}) as Record<string, Json>;
    for (const [p, item] of Object.entries(paths)) {
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op || typeof op.operationId !== 'string') continue;
        const security = (op.security ?? doc.security) as unknown[] | undefined;
        const responses = (op.responses ?? {}) as Record<string, Json>;
        const schemaPointers: Record<string, string | null> = {};
        for (const [status, response] of Object.entries(responses)) {
          let pointer = `/paths/${escapePointer(p)}/${method}/responses/${escapePointer(status)}`;
          let resolved: unknown = response;
          for (let i = 0; i < 5 && resolved && typeof (resolved as Json).$ref === 'string'; i++) {
            pointer = ((resolved as Json).$ref as string).replace(/^#/, '');
            resolved = at(doc, pointer);
          }
          const hasJson = Boolean(at(resolved, '/content/application~1json/schema'));
          schemaPointers[status] = hasJson ? `${pointer}/content/application~1json/schema` : null;
        }
        this.operations.set(op.operationId, {
          operationId: op.operationId,
          method: method.toUpperCase(),
          path: p,
          isPublic: Array.isArray(security) && security.length === 0,
          statuses: Object.keys(responses),
          schemaPointers,
        });
      }
    }
  }

  static load(file = DEFAULT_SPEC_FILE): Contract {
    const doc = parse(readFileSync(file, 'utf8')) as unknown;
    if (!doc || typeof doc !== 'object' || !(doc as Json).paths) throw new Error(`${file} is not an OpenAPI document`);
    return new Contract(file, doc as Json);
  }

  operation(operationId: string): Operation {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`operation ${operationId} is not in ${this.file}`);
    return op;
  }

  private validator(pointer: string): ValidateFunction {
    let v = this.validators.get(pointer);
    if (!v) {
      v = this.ajv.getSchema(`${DOC_ID}#${pointer}`);
      if (!v) throw new Error(`cannot compile the schema at #${pointer}`);
      this.validators.set(pointer, v);
    }
    return v;
  }

  /** The status key declared for an HTTP status: exact, then 4XX-style range, then default. */
  declaredStatus(op: Operation, status: number): string | null {
    const exact = String(status);
    if (op.statuses.includes(exact)) return exact;
    const range = `${exact[0]}XX`;
    const found = op.statuses.find((s) => s.toUpperCase() === range);
    if (found) return found;
    return op.statuses.includes('default') ? 'default' : null;
  }

  /**
   * Validates a body against the operation's schema for the status. A `oneOf` of envelopes is
   * narrowed by `code` first (success envelope for code 1, FailureEnvelope for code 0), so the
   * errors name the fields of the envelope the server meant instead of both branches.
   */
  validate(op: Operation, status: number, body: unknown): Validation {
    const declared = this.declaredStatus(op, status);
    if (declared === null) return { declared, errors: [] };
    const pointer = op.schemaPointers[declared];
    if (!pointer) return { declared, errors: [] };

    let target = pointer;
    const schema = at(this.doc, pointer) as Json;
    const code = body && typeof body === 'object' ? (body as Json).code : undefined;
    if (Array.isArray(schema?.oneOf) && code !== undefined) {
      schema.oneOf.forEach((branch: unknown, i: number) => {
        let b = branch as Json;
        for (let n = 0; n < 5 && b && typeof b.$ref === 'string'; n++)
          b = at(this.doc, (b.$ref as string).replace(/^#/, '')) as Json;
        const codeSchema = at(b, '/properties/code') as Json | undefined;
        const allowed = codeSchema?.enum ?? (codeSchema && 'const' in codeSchema ? [codeSchema.const] : undefined);
        if (Array.isArray(allowed) && allowed.includes(code) && target === pointer) target = `${pointer}/oneOf/${i}`;
      });
    }
    const v = this.validator(target);
    if (v(body)) return { declared, errors: [] };
    const errors = [...new Set((v.errors ?? []).map((e) => describeAjvError(e, body)))];
    return { declared, errors };
  }
}
