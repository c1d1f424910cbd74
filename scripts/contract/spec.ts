/**
 * Loads openapi/openapi.yaml and compiles the response schemas of its operations with Ajv
 * (draft 2020-12, the dialect of OpenAPI 3.1). Also reads the contract's `x-extension` marks: the
 * fields and operations of ours that the backend family lacks (BACKEND-FAMILY.md), which a server may
 * send or not.
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
  /** `x-extension: true` on the operation: ours, the backend family has no such call. */
  isExtension: boolean;
}

/** A field of a success answer marked `x-extension`, e.g. `data.carts[].mer_name`. */
export interface ExtensionField {
  /** Dotted path from the envelope; `[]` stands for every element of an array. */
  path: string;
  /**
   * The mark sits on one branch of a `oneOf` whose other branch is null (e.g. toggleProductLike's
   * `data`: its new state, or null as the family answers): a null value is the family's answer.
   */
  whenNotNull: boolean;
}

/** Which extension fields one answer carries. */
export interface ExtensionPresence {
  present: string[];
  /** The object that would hold it is there, the field is not. */
  absent: string[];
  /** Nothing to look at: an empty list or a null parent in this answer. */
  unseen: string[];
}

export interface Validation {
  /** The status key of the contract that matched the HTTP status, or null when none is declared. */
  declared: string | null;
  /** Readable problems: '<instancePath> <message>'. Empty when the body matches. */
  errors: string[];
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const isJson = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

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
  private readonly extensionCache = new Map<string, ExtensionField[]>();

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
          isExtension: op['x-extension'] === true,
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

  /** Follows `$ref`s from a schema node to the schema it names. */
  private deref(node: unknown): Json | undefined {
    let n = node;
    for (let i = 0; i < 8 && isJson(n) && typeof n.$ref === 'string'; i++) n = at(this.doc, n.$ref.replace(/^#/, ''));
    return isJson(n) ? n : undefined;
  }

  /**
   * The pointer of the envelope a body with this `code` is judged by: a `oneOf` of envelopes is
   * narrowed to the branch whose `code` allows it (success envelope for 1, FailureEnvelope for 0).
   */
  private branchFor(pointer: string, code: unknown): string {
    const schema = at(this.doc, pointer) as Json | undefined;
    if (!Array.isArray(schema?.oneOf) || code === undefined) return pointer;
    const index = schema.oneOf.findIndex((branch: unknown) => {
      const codeSchema = at(this.deref(branch), '/properties/code') as Json | undefined;
      const allowed = codeSchema?.enum ?? (codeSchema && 'const' in codeSchema ? [codeSchema.const] : undefined);
      return Array.isArray(allowed) && allowed.includes(code);
    });
    return index >= 0 ? `${pointer}/oneOf/${index}` : pointer;
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
    const code = isJson(body) ? body.code : undefined;
    const v = this.validator(this.branchFor(pointer, code));
    if (v(body)) return { declared, errors: [] };
    const errors = [...new Set((v.errors ?? []).map((e) => describeAjvError(e, body)))];
    return { declared, errors };
  }

  /**
   * The `x-extension` fields of the operation's success answer (HTTP 200, code 1), outermost only:
   * inside an extension object its own fields are not listed again. Empty for an extension
   * operation, which is an extension as a whole.
   */
  extensionFields(op: Operation): ExtensionField[] {
    const cached = this.extensionCache.get(op.operationId);
    if (cached) return cached;
    const fields = new Map<string, ExtensionField>();
    const pointer = op.schemaPointers['200'];
    const walk = (raw: unknown, path: string, whenNotNull: boolean, depth: number): void => {
      if (depth > 16 || !isJson(raw)) return;
      let marked = raw['x-extension'] === true;
      let node: Json | undefined = raw;
      for (let i = 0; i < 8 && node && typeof node.$ref === 'string'; i++) {
        node = this.deref({ $ref: node.$ref });
        marked ||= node?.['x-extension'] === true;
      }
      if (!node) return;
      if (marked && path) {
        if (!fields.has(path)) fields.set(path, { path, whenNotNull });
        return;
      }
      for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
        const branches = node[key];
        if (Array.isArray(branches)) for (const b of branches) walk(b, path, whenNotNull || key !== 'allOf', depth + 1);
      }
      if (isJson(node.properties)) {
        for (const [name, sub] of Object.entries(node.properties))
          walk(sub, path ? `${path}.${name}` : name, false, depth + 1);
      }
      if (node.items !== undefined) walk(node.items, `${path}[]`, false, depth + 1);
    };
    if (pointer && !op.isExtension) walk(at(this.doc, this.branchFor(pointer, 1)), '', false, 0);
    const list = [...fields.values()];
    this.extensionCache.set(op.operationId, list);
    return list;
  }

  /** Which of the operation's extension fields a success body carries. */
  extensionsIn(op: Operation, body: unknown): ExtensionPresence {
    const result: ExtensionPresence = { present: [], absent: [], unseen: [] };
    for (const field of this.extensionFields(op)) result[probe(body, field)].push(field.path);
    return result;
  }
}

/** Looks a field up in every element its path reaches. */
function probe(body: unknown, field: ExtensionField): keyof ExtensionPresence {
  const segments = field.path.split(/\.|(?=\[\])/);
  const last = segments.pop() as string;
  let values: unknown[] = [body];
  for (const segment of segments) {
    if (segment === '[]') values = values.flatMap((v) => (Array.isArray(v) ? v : []));
    else
      values = values.flatMap((v) =>
        isJson(v) && v[segment] !== undefined && v[segment] !== null ? [v[segment]] : [],
      );
  }
  if (last === '[]') return 'unseen'; // a path never ends in [] (items are walked into)
  const holders = values.filter(isJson);
  if (holders.length === 0) return 'unseen';
  const has = (v: Json) => last in v && v[last] !== undefined && !(field.whenNotNull && v[last] === null);
  return holders.some(has) ? 'present' : 'absent';
}
