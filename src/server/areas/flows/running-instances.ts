// The running instances of a multi-instance sub-process an intervention can choose from
// (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md), or those it starts when
// entered anew (docs/adr/0231-interventions-enter-mapped-sub-processes.md): each by its index and its
// element as text; an element that is the login number of one of the enterprise's users is named too
// (a collection of reviewers is the usual one), so the administrator picks people, not codes.
import type { ProcessDefinition, ProcessNode } from '../../../core/workflow/process-definition.ts';
import type { Db } from '../../db/schema.ts';
import { loopsAround } from '../../workflow/intervene-loops.ts';
import { collectionOf } from '../../workflow/loop-scopes.ts';

/** The instances of a multi-instance sub-process to choose from: their indexes and the collection. */
export interface Choosable {
  running: number[];
  items: unknown[];
}

/** More instances than this are not offered one by one: the dialog moves them all. */
const MOST_OFFERED = 200;

/** The outermost multi-instance sub-processes the `nodes` are in that the instance is not inside (`held`): entered
 *  anew, each instance its collection gives now over the variables where it stands (`variablesAt`: the
 *  mapped scopes around it as the intervention enters them), docs/adr/0231-interventions-enter-mapped-sub-processes.md.
 *  A sequence's are listed in the order they run; only its first starts now
 *  (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md). */
export function freshLoops(
  definition: ProcessDefinition,
  nodes: readonly ProcessNode[],
  held: ReadonlyMap<string, unknown>,
  variablesAt: (scope: string) => Record<string, unknown>,
): Map<string, Choosable> {
  const fresh = new Map<string, Choosable>();
  for (const scope of new Set(nodes.map((n) => loopsAround(definition, n.id)[0]))) {
    const node = scope ? definition.nodes[scope] : undefined;
    if (!scope || !node || held.has(scope)) continue;
    const items = collectionOf(node, variablesAt(scope));
    if (items.length > 0 && items.length <= MOST_OFFERED) fresh.set(scope, { running: items.map((_, i) => i), items });
  }
  return fresh;
}

export interface RunningInstance {
  index: number;
  element: string;
  user?: string;
}

const isPlain = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** An element as the console names an instance by it (a text is also the login it may name): a list of plain
 *  values (an outer instance's departments) as "a, b", anything else as its JSON, at most 200 characters. */
export const elementText = (element: unknown): string =>
  element === null || element === undefined
    ? ''
    : typeof element === 'string'
      ? element
      : Array.isArray(element) && element.every(isPlain)
        ? element.join(', ').slice(0, 200)
        : JSON.stringify(element).slice(0, 200);

/** The instances of each sub-process to choose from (running, or started anew), by its id. */
export async function runningInstances(
  db: Db,
  domainId: string,
  held: ReadonlyMap<string, Choosable>,
): Promise<Map<string, RunningInstance[]>> {
  const texts = [...held.values()].flatMap((loop) => loop.running.map((index) => elementText(loop.items[index])));
  const codes = [...new Set(texts.filter(Boolean))];
  const users =
    codes.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['loginno', 'name'])
          .where('domain_id', '=', domainId)
          .where('loginno', 'in', codes)
          .execute();
  const nameOf = new Map(users.map((u) => [u.loginno, u.name]));
  const running = new Map<string, RunningInstance[]>();
  for (const [scope, loop] of held)
    running.set(
      scope,
      loop.running.map((index) => {
        const element = elementText(loop.items[index]);
        const user = nameOf.get(element);
        return { index, element, ...(user ? { user } : {}) };
      }),
    );
  return running;
}
