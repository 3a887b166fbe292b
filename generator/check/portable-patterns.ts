// Check: every `pattern` (and `patternProperties` name) in the catalogue's schemas is portable JSON
// Schema regex: no Unicode property escape (`\p{…}`, `\P{…}`) and no code point escape (`\u{…}`).
// Both need ECMAScript's `u` flag, which ajv adds but other validators (and OpenAPI tools reading the
// served document) do not: they crash or read `\p{Script=Han}` as the letters "p{Script=Han}". Write
// the ranges out instead (`\u4E00-\u9FFF`), docs/adr/0090-openapi-completeness.md.
import { walkSchema } from '../schema-walk.ts';
import type { JsonSchema } from '../../src/core/catalogue/types.ts';
import type { Check, Problem } from './problem.ts';

/** An escape needing the `u` flag, not itself escaped (`\\p{` is a backslash and a p). */
const U_FLAG_ESCAPE = /(?<!\\)(?:\\\\)*\\(?:[pP]|u)\{/;

export const nonPortablePattern = (pattern: string): boolean => U_FLAG_ESCAPE.test(pattern);

function patternProblems(
  schema: JsonSchema | undefined,
  where: { file: string; pointer: string },
  what: string,
  problems: Problem[],
): void {
  walkSchema(schema, '', (sub, pointer) => {
    const patterns = [sub.pattern, ...Object.keys((sub.patternProperties ?? {}) as object)].filter(
      (p): p is string => typeof p === 'string',
    );
    for (const pattern of patterns.filter(nonPortablePattern)) {
      problems.push({
        file: where.file,
        pointer: `${where.pointer}${pointer}`,
        message: `${what}: the pattern ${JSON.stringify(pattern)} uses \\p{…} or \\u{…}, which only validators with the u flag read; write the ranges out (\\u4E00-\\u9FFF)`,
      });
    }
  });
}

export const checkPortablePatterns: Check = ({ catalogue }) => {
  const problems: Problem[] = [];
  for (const entity of Object.values(catalogue.entities))
    patternProblems(
      entity.schema,
      { file: entity.origin.file, pointer: `${entity.origin.pointer}/schema` },
      entity.id,
      problems,
    );
  for (const call of Object.values(catalogue.calls)) {
    for (const part of ['query', 'params', 'body', 'reply'] as const) {
      patternProblems(
        call[part],
        { file: call.origin.file, pointer: `${call.origin.pointer}/${part}` },
        `${call.id} ${part}`,
        problems,
      );
    }
  }
  return problems;
};
