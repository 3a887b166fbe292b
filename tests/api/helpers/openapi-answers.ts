// Checks a real answer against the OpenAPI document the server serves (docs/adr/0090-openapi-completeness.md): its
// status must be documented (exactly, or by its `4XX` range), its content type among that response's,
// and a JSON body must satisfy the response's schema. The schemas are compiled by ajv in strict mode
// with the document's own components (the server's validator is not strict and reads the catalogue,
// not the document), so a schema the document gets wrong fails here even when the server is happy.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Obj = Record<string, unknown>;
interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
export interface Operation {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  responses: Record<string, ResponseObject>;
  'x-allow'?: string;
  'x-effects'?: boolean;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const COMPONENT = '#/components/schemas/';
const componentId = (name: string) => `urn:openapi:component:${name}`;
/** Keywords OpenAPI 3.1 adds to JSON Schema (its base vocabulary). */
const OPENAPI_KEYWORDS = ['discriminator', 'xml', 'externalDocs', 'example'];

/** `#/components/schemas/<name>/<ptr>` → the component's own id with the pointer, so a component
 *  compiles alone; other references are left as they are. */
function withComponentIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withComponentIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Obj).map(([k, v]) => {
      if (k !== '$ref' || typeof v !== 'string' || !v.startsWith(COMPONENT)) return [k, withComponentIds(v)];
      const [name, ...pointer] = v.slice(COMPONENT.length).split('/');
      return [k, `${componentId(name)}#${pointer.length ? `/${pointer.join('/')}` : ''}`];
    }),
  );
}

function extensionKeywords(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => extensionKeywords(n, found));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Obj)) {
      if (k.startsWith('x-')) found.add(k);
      extensionKeywords(v, found);
    }
  }
  return found;
}

export class OpenApiAnswers {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<unknown, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    // Strict: an unknown keyword or format is an error, not ignored. Not strictTypes: it asks every
    // `minLength` to sit beside its `type`, which JSON Schema does not (a `then` adding one is valid).
    this.ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
    addFormats.default(this.ajv);
    for (const keyword of [...OPENAPI_KEYWORDS, ...extensionKeywords(document)]) this.ajv.addKeyword({ keyword });
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      this.ajv.addSchema({ ...(withComponentIds(schema) as Obj), $id: componentId(name) });
    }
  }

  /** What is wrong with one answer of `operation`, or undefined. */
  problem(operation: Operation, status: number, contentType: string | null, body: string): string | undefined {
    const response =
      operation.responses[String(status)] ??
      operation.responses[`${String(status)[0]}XX`] ??
      operation.responses.default;
    if (!response)
      return `HTTP ${status} is not documented (${Object.keys(operation.responses).join(', ')}): ${body.slice(0, 200)}`;
    if (!response.content)
      return body === '' ? undefined : `HTTP ${status} documents no body, got ${contentType}: ${body.slice(0, 100)}`;
    const type = (contentType ?? '').split(';')[0].trim();
    const media = response.content[type];
    if (!media) return `HTTP ${status} answered ${type}, documented ${Object.keys(response.content).join(', ')}`;
    if (type !== 'application/json') return undefined;
    const validate = this.validator(media.schema ?? {});
    if (validate(JSON.parse(body))) return undefined;
    return `HTTP ${status} body fails its schema: ${this.ajv.errorsText(validate.errors?.slice(0, 5))} — ${body.slice(0, 300)}`;
  }

  private validator(schema: unknown): ValidateFunction {
    let found = this.compiled.get(schema);
    if (!found) {
      found = this.ajv.compile(withComponentIds(schema) as Obj);
      this.compiled.set(schema, found);
    }
    return found;
  }
}
