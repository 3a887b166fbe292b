// A panel's answer (docs/adr/0157-task-runtime-in-yaml.md): its read call's answer, with the answers of
// its `with` reads joined under their names (docs/adr/0160-open-api-in-yaml.md), each read with its
// route context. A `with` read that fails joins as null, so a rule can say what is missing; the panel
// waits for every read before drawing.
import type { PanelScreen } from '../../../core/catalogue/panel-screen.ts';
import { useRuntimeCredential } from '../../api/runtime-sign-in.ts';
import { useCallAny, useSettledCalls } from '../../api/queries.ts';
import { resolveArgs, useRouteArgs, type ResolvedArgs } from '../call-args.ts';
import type { Answer } from '../import/import-values.ts';

const request = (args: ResolvedArgs) => ({
  params: args.params,
  query: args.query,
  body: Object.keys(args.body).length ? args.body : undefined,
});

/** `context`: where the route values come from (the URL, or the data of the dialog drawing the panel). */
export function usePanelAnswer(screen: PanelScreen, context: URLSearchParams) {
  const signIn = useRuntimeCredential();
  const args = useRouteArgs(screen.read.args, context);
  const read = useCallAny<Answer>(screen.read.call, request(args), { enabled: args.missing.length === 0 });
  const joined = Object.entries(screen.with ?? {});
  const answers = useSettledCalls<unknown>(
    joined.map(([, r]) => ({ callId: r.call, args: request(resolveArgs(r.args, context, signIn)) })),
  );
  const reply =
    read.data && answers.every((a) => a !== undefined)
      ? { ...read.data, ...Object.fromEntries(joined.map(([name], i) => [name, answers[i]])) }
      : undefined;
  return { reply, fetching: read.isFetching, at: read.dataUpdatedAt, refetch: () => read.refetch() };
}
