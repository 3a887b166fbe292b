// Emits the OpenAPI 3.1 document of the catalogue. `atrium openapi` prints it and the server serves
// it at /authtime/openapi.json, so both always say the same thing. The document's own texts (its title
// and description, the areas' tags, the calls' summaries, the replies' descriptions) come from the
// locales in the language asked for (the server's: the request's, docs/adr/0006-request-language.md; the command's: English); a call's
// summary is the label `apiDocs.openapi.call.<id>`, never text in the call (docs/adr/0068-monitor-cost-docs-sign-in-language.md, docs/adr/0074-call-summaries-in-locales.md).
import type { Catalogue, CallDef, JsonSchema } from './types.ts';
import { ENTITY_REF } from './schema-refs.ts';
import { translatorFor } from '../translate.ts';

type Translator = (key: string) => string;

type Obj = Record<string, unknown>;

/** entity:<id>#/ptr → #/components/schemas/<id>/ptr; x- keywords stay (OpenAPI 3.1 allows them). */
function toComponentRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toComponentRefs);
  if (!node || typeof node !== 'object') return node;
  const out: Obj = {};
  for (const [k, v] of Object.entries(node as Obj)) {
    if (k === '$ref' && typeof v === 'string') {
      const m = ENTITY_REF.exec(v);
      out[k] = m ? `#/components/schemas/${m[1]}${m[2] ? m[2].slice(1) : ''}` : v;
    } else out[k] = toComponentRefs(v);
  }
  return out;
}

/** The error envelope's component (no entity id has capitals): a non-zero errcode, a localized errmsg,
 *  and the fields at fault when the input broke a rule (docs/adr/0090-openapi-completeness.md). */
export const ERROR_ENVELOPE = 'ErrorEnvelope';
const errorRef = { $ref: `#/components/schemas/${ERROR_ENVELOPE}` };
const errorEnvelope: JsonSchema = {
  type: 'object',
  required: ['errcode', 'errmsg', 'data'],
  properties: {
    errcode: { type: 'integer', not: { const: 0 } },
    errmsg: { type: 'string' },
    data: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['errors'],
          properties: {
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['field', 'message'],
                properties: {
                  field: { type: 'string' },
                  message: { type: 'string' },
                  fix: {
                    type: 'string',
                    enum: ['topic'],
                    description:
                      'what the caller may answer to lift the problem (docs/adr/0258-code-mapped-to-external-topics.md)',
                  },
                },
              },
            },
          },
        },
      ],
    },
  },
};

/** A success (errcode 0 and the call's reply) or, with the same HTTP 200 as the original platform, a
 *  refusal in the error envelope. */
const envelope = (data: unknown): JsonSchema => ({
  anyOf: [
    {
      type: 'object',
      required: ['errcode', 'errmsg', 'data'],
      properties: { errcode: { const: 0 }, errmsg: { type: 'string' }, data: (data as JsonSchema) ?? {} },
    },
    errorRef,
  ],
});

/** The label describing an area (a call id's first part) as the document's tag; `atrium check` asks
 *  for it in every language. */
export const areaTagLabel = (area: string): string => `apiDocs.openapi.tag.${area}`;
/** The label holding a call's summary in the document; `atrium check` asks for it in every language. */
export const callSummaryLabel = (id: string): string => `apiDocs.openapi.call.${id}`;

export function openApiPath(path: string): string {
  return path; // the catalogue already writes {name} parameters, as OpenAPI does
}

export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]);
}

function operation(call: CallDef, t: Translator): Obj {
  const paramSchemas = (call.params?.properties ?? {}) as Record<string, JsonSchema>;
  const parameters: Obj[] = pathParams(call.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: toComponentRefs(paramSchemas[name] ?? { type: 'string' }),
  }));
  const queryProps = (call.query?.properties ?? {}) as Record<string, JsonSchema>;
  const queryRequired = (call.query?.required ?? []) as string[];
  for (const [name, schema] of Object.entries(queryProps)) {
    parameters.push({ name, in: 'query', required: queryRequired.includes(name), schema: toComponentRefs(schema) });
  }
  const errorContent = { 'application/json': { schema: errorRef } };
  const produced = (types: string[]) =>
    Object.fromEntries(types.map((type) => [type, { schema: type === 'application/json' ? {} : { type: 'string' } }]));
  const responses: Obj = {
    '200': call.produces
      ? // A refusal of a download's arguments is the error envelope, with HTTP 200 as every refusal.
        { description: t('apiDocs.openapi.ok'), content: { ...errorContent, ...produced(call.produces) } }
      : {
          description: t('apiDocs.openapi.envelope'),
          content: { 'application/json': { schema: envelope(toComponentRefs(call.reply)) } },
        },
  };
  for (const [status, how] of Object.entries(call.answers ?? {})) {
    if (how === 'redirect')
      responses[status] = {
        description: t('apiDocs.openapi.redirect'),
        headers: { Location: { schema: { type: 'string' } } },
      };
    // A page's refusal; a request the server refuses before the page (a malformed address) is the envelope.
    else if (how === 'page')
      responses[status] = {
        description: t('apiDocs.openapi.page'),
        content: { ...produced(call.produces!.slice(0, 1)), ...errorContent },
      };
    else responses[status] = { description: t('apiDocs.openapi.noSession'), content: errorContent };
  }
  if (call.allow !== 'public')
    responses['401'] = { description: t('apiDocs.openapi.noSession'), content: errorContent };
  // A request refused before its handler (malformed, a missing CSRF token, too many requests).
  responses['4XX'] = { description: t('apiDocs.openapi.error'), content: errorContent };
  responses['500'] = { description: t('apiDocs.openapi.internal'), content: errorContent };
  const op: Obj = {
    operationId: call.id,
    tags: [call.id.split('.')[0]],
    summary: t(callSummaryLabel(call.id)),
    'x-allow': call.allow,
    parameters,
    responses,
  };
  if (call.body)
    op.requestBody = {
      required: true,
      content: { [call.consumes ?? 'application/json']: { schema: toComponentRefs(call.body) } },
    };
  if (call.allow !== 'public') op.security = [{ session: [] }];
  // A GET with effects needs the x-csrf-token header like every other method (call-effects.ts).
  if (call.effects) op['x-effects'] = true;
  return op;
}

/** The document in `language` (a key of catalogue.labels; English when it has none). */
export function buildOpenApi(catalogue: Catalogue, language = 'en', version = '0.1.0'): Obj {
  const t = translatorFor(catalogue.labels[language] ?? catalogue.labels.en);
  const paths: Record<string, Obj> = {};
  const areas = new Set<string>();
  for (const call of Object.values(catalogue.calls).sort((a, b) => a.id.localeCompare(b.id))) {
    const p = (paths[openApiPath(call.path)] ??= {});
    p[call.method.toLowerCase()] = operation(call, t);
    areas.add(call.id.split('.')[0]);
  }
  const schemas: Obj = {};
  for (const id of Object.keys(catalogue.entities).sort()) schemas[id] = toComponentRefs(catalogue.entities[id].schema);
  schemas[ERROR_ENVELOPE] = errorEnvelope;
  return {
    openapi: '3.1.0',
    info: { title: t('apiDocs.openapi.title'), version, description: t('apiDocs.openapi.description') },
    tags: [...areas].sort().map((name) => ({ name, description: t(areaTagLabel(name)) })),
    paths,
    components: {
      schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'atrium_sid' } },
    },
  };
}
