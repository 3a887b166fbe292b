// Check: route context (`sourceArgs`, an action's `args`, a tree's `args` and `nodeParam`) and a
// download's `fixed` name parts the call has: a path parameter of its path, a property of its
// query, a property of its (object) body.
// A dialog action's `args.body` is data for the dialog, not a call's, so only its call is checked; so is
// a `batch` or `pick` action's (docs/adr/0156-batch-and-pick-list-actions.md), whose path and query are.
import { pathParams } from '../../src/core/catalogue/openapi.ts';
import { inlineEntityRefs } from '../../src/core/catalogue/schema-refs.ts';
import type { ActionDef, CallArgs, Catalogue, JsonSchema, ScreenDef } from '../../src/core/catalogue/types.ts';
import type { Check, Problem } from './problem.ts';

function propertyNames(schema: JsonSchema | undefined, catalogue: Pick<Catalogue, 'entities'>): Set<string> | null {
  if (!schema) return new Set();
  const inlined = inlineEntityRefs(schema, catalogue);
  if (inlined.type === 'array') return null; // a list body takes no named fields
  return new Set(Object.keys((inlined.properties ?? {}) as object));
}

/** Problems of one mapping against one call; `at` is the pointer of the mapping. */
export function callArgsProblems(
  catalogue: Pick<Catalogue, 'calls' | 'entities'>,
  callId: string,
  args: CallArgs,
  at: { file: string; pointer: string },
  parts: Array<keyof CallArgs> = ['params', 'query', 'body'],
): Problem[] {
  const call = catalogue.calls[callId];
  if (!call) return []; // an unknown call is reported by the call references check
  const known: Record<keyof CallArgs, Set<string> | null> = {
    params: new Set(pathParams(call.path)),
    query: propertyNames(call.query, catalogue),
    body: propertyNames(call.body, catalogue),
  };
  const problems: Problem[] = [];
  for (const part of parts) {
    for (const name of Object.keys(args[part] ?? {})) {
      const names = known[part];
      if (names?.has(name)) continue;
      const what = part === 'params' ? `path parameter {${name}}` : `${part} field "${name}"`;
      problems.push({
        file: at.file,
        pointer: `${at.pointer}/${part}/${name}`,
        message: `call "${callId}" has no ${what}`,
      });
    }
  }
  return problems;
}

/** A download's fixed query values name its call's query fields (docs/adr/0143-list-exports-and-dialog-forms-in-yaml.md). */
function fixedProblems(catalogue: Catalogue, a: ActionDef, pointer: string, file: string): Problem[] {
  if (!a.download || !a.fixed) return [];
  return callArgsProblems(catalogue, a.download, { query: a.fixed }, { file, pointer }, ['query']);
}

function actionProblems(catalogue: Catalogue, actions: ActionDef[] | undefined, file: string, base: string): Problem[] {
  return (actions ?? []).flatMap((a, i) => [
    ...fixedProblems(catalogue, a, `${base}/${i}/fixed`, file),
    ...(a.call && a.args
      ? callArgsProblems(
          catalogue,
          a.call,
          a.args,
          { file, pointer: `${base}/${i}/args` },
          a.dialog ? [] : a.batch || a.pick ? ['params', 'query'] : ['params', 'query', 'body'],
        )
      : []),
  ]);
}

function screenProblems(catalogue: Catalogue, screen: ScreenDef): Problem[] {
  const { file, pointer } = screen.origin;
  if (screen.kind === 'list') {
    return [
      ...(screen.sourceArgs
        ? callArgsProblems(catalogue, screen.source, screen.sourceArgs, { file, pointer: `${pointer}/sourceArgs` })
        : []),
      ...actionProblems(catalogue, screen.actions, file, `${pointer}/actions`),
      ...actionProblems(catalogue, screen.rowActions, file, `${pointer}/rowActions`),
    ];
  }
  if (screen.kind === 'form') return actionProblems(catalogue, screen.actions, file, `${pointer}/actions`);
  if (screen.kind !== 'tree') return [];
  // The tree's args serve all its calls: each part name must fit at least the calls that take that part.
  const at = { file, pointer: `${pointer}/args` };
  const problems = [
    ...callArgsProblems(catalogue, screen.root, screen.args ?? {}, at, ['params']),
    ...callArgsProblems(
      catalogue,
      screen.children,
      { params: { ...screen.args?.params, [screen.nodeParam]: '' } },
      { file, pointer: `${pointer}/nodeParam` },
      ['params'],
    ),
    ...(screen.search
      ? callArgsProblems(
          catalogue,
          screen.search.call,
          { body: { [screen.search.field]: '' } },
          { file, pointer: `${pointer}/search` },
          ['body'],
        )
      : []),
  ];
  return problems;
}

export const checkCallArgs: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((s) => screenProblems(catalogue, s));
