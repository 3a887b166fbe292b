// A multi-instance approval whose assignee is computed from the element
// (docs/adr/0227-multi-instance-assignee-per-element.md): Camunda 7's `camunda:assignee="${reviewer.login}"`
// over `camunda:collection="${reviewers}"`, Zeebe's `assignee="=reviewer.login"`, or an input mapping over
// the element the assignee names. Each inner instance evaluates the assignee over its own element,
// loopCounter and inputs, as the vendors do on its activation; its task keeps its index
// (`flow_tasks.output.index`), so its element, its output's slot and a sequence's next turn are known by
// the index, never found back from a login number (two elements may name the same user).
import { sql, type Insertable } from 'kysely';
import { ruleValue } from '../../core/rules.ts';
import { loopCounterOf } from '../../core/workflow/loop-counter.ts';
import type { ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db, FlowTokens } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { elementsOf, slotOf, type KeptOutput } from './multi-instance-output.ts';
import { openTasks, type NewTask } from './open-tasks.ts';
import { instanceInputs } from './task-locals.ts';

/** One inner instance as its task is opened: its approver, its place in the collection, its inputs. */
export interface ElementInstance {
  index: number;
  assignee: string;
  /** The task's `output` column: its index. */
  output: string;
  /** The task's `locals` column: its inputs, null without input mappings. */
  locals: string | null;
}

/** One inner instance's approver as its assignee names it: the user (undefined when it names no on-job
 *  user of the enterprise) and its inputs. */
export interface NamedInstance {
  index: number;
  element: unknown;
  /** The user's id; undefined when the assignee names nobody. */
  assignee?: string;
  locals: Record<string, unknown> | undefined;
}

/** The instances at `indexes` (all when undefined, the first only with 'first'): each instance's assignee
 *  evaluated over the variables, its element, loopCounter and inputs, as the engine does on its
 *  activation, then its user among the enterprise's on-job users (one query). Never refuses: the
 *  read-only views (an intervention's default approvers, the earlier approvals) show what it names. */
export async function namedInstances(
  db: Db,
  domainId: string,
  node: ProcessNode,
  variables: Record<string, unknown>,
  indexes?: readonly number[] | 'first',
): Promise<NamedInstance[]> {
  const elements = elementsOf(node, variables);
  const all = elements.map((_, i) => i);
  const wanted = indexes === 'first' ? all.slice(0, 1) : (indexes ?? all);
  const named = wanted.map((index) => {
    const locals = instanceInputs(node, variables, index, elements);
    const own = {
      ...variables,
      [node.multi!.elementVariable!]: elements[index],
      loopCounter: loopCounterOf(node.multi, index),
      ...locals,
    };
    let value: unknown;
    try {
      value = ruleValue(node.multi!.assignee!, { ...own, form: own });
    } catch {
      value = undefined;
    }
    return {
      index,
      element: elements[index],
      login: typeof value === 'string' ? value.trim().toLowerCase() : '',
      locals,
    };
  });
  const logins = [...new Set(named.map((n) => n.login).filter(Boolean))];
  const users =
    logins.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', sql<string>`lower(loginno)`.as('login')])
          .where('domain_id', '=', domainId)
          .where('status', '=', 1)
          .where(sql`lower(loginno)`, 'in', logins)
          .execute();
  return named.map(({ index, element, login, locals }) => ({
    index,
    element,
    assignee: login ? users.find((u) => u.login === login)?.id : undefined,
    locals,
  }));
}

/** The instances at `indexes` as their tasks are opened (namedInstances). An element whose assignee
 *  names nobody refuses the action (`workflow.msg.noInstanceApprover`, naming the element and the
 *  instance from 1), nothing changed. */
export async function elementInstances(
  trx: Db,
  domainId: string,
  node: ProcessNode,
  variables: Record<string, unknown>,
  indexes?: readonly number[] | 'first',
): Promise<ElementInstance[]> {
  return (await namedInstances(trx, domainId, node, variables, indexes)).map(({ index, element, assignee, locals }) => {
    if (!assignee)
      throw new AppError(
        'conflict',
        { name: node.name, element: JSON.stringify(element ?? null), instance: index + 1 },
        'workflow.msg.noInstanceApprover',
      );
    return {
      index,
      assignee,
      output: JSON.stringify({ index }),
      locals: locals ? JSON.stringify(locals) : null,
    };
  });
}

/** Opens the tasks of an approval entered on `token`: every instance's in parallel, the first's in a
 *  sequence; answers their approvers. */
export async function openElementTasks(
  trx: Db,
  instance: { id: string; domain_id: string },
  at: Date,
  node: ProcessNode,
  variables: Record<string, unknown>,
  task: Omit<NewTask, 'assignee_id'>,
  token: Insertable<FlowTokens>,
): Promise<string[]> {
  const opened = await elementInstances(
    trx,
    instance.domain_id,
    node,
    variables,
    node.multi!.sequential ? 'first' : undefined,
  );
  if (opened.length > 0)
    await openTasks(
      trx,
      instance,
      at,
      opened.map((i) => ({ ...task, assignee_id: i.assignee, output: i.output, locals: i.locals })),
      token,
    );
  return opened.map((i) => i.assignee);
}

/** The next instance of a sequence: the first index no done task did; undefined when none is left or
 *  a count (`wanted`) is reached. */
export function nextIndex(
  node: ProcessNode,
  variables: Record<string, unknown>,
  done: ReadonlyArray<{ output: KeptOutput | null }>,
): number | undefined {
  const did = new Set(done.map((t) => slotOf(t.output)));
  const count = elementsOf(node, variables).length;
  for (let index = 0; index < count; index++) if (!did.has(index)) return index;
  return undefined;
}
