// The running instances of a multi-instance sub-process an intervention can choose from
// (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md): each by its index and its
// element as text; an element that is the login number of one of the enterprise's users is named too
// (a collection of reviewers is the usual one), so the administrator picks people, not codes.
import type { Db } from '../../db/schema.ts';
import type { HeldLoop } from '../../workflow/intervene-loops.ts';

export interface RunningInstance {
  index: number;
  element: string;
  user?: string;
}

const asText = (element: unknown): string =>
  element === null || element === undefined
    ? ''
    : typeof element === 'string'
      ? element
      : JSON.stringify(element).slice(0, 200);

/** The running instances of each held sub-process, by its id. */
export async function runningInstances(
  db: Db,
  domainId: string,
  held: ReadonlyMap<string, HeldLoop>,
): Promise<Map<string, RunningInstance[]>> {
  const texts = [...held.values()].flatMap((loop) => loop.running.map((index) => asText(loop.items[index])));
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
        const element = asText(loop.items[index]);
        const user = nameOf.get(element);
        return { index, element, ...(user ? { user } : {}) };
      }),
    );
  return running;
}
