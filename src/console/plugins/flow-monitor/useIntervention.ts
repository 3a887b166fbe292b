// The intervention area's state (spec/domain-console.md, "Workflow state screen", "States and transitions", "Validation rules"): the nodes an instance can move to, the
// entries chosen so far (numbered in order), the node being chosen with its approvers (its default
// handlers fetched when it is chosen, replacing the previous choice), and the spec's rules for adding.
import { useRef, useState } from 'react';
import { call } from '../../api/client.ts';
import { useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { PickedUser } from '../../runtime/user-picker/user-select-types.ts';

export type OtherNode = Calls['flows.otherNodes']['reply'][number];

/** An approver chosen for a node; `index` when the server's default named the inner instance it does (an
 *  approval whose assignee is computed from the element, docs/adr/0230-computed-assignees-shown-per-instance.md). */
export type Approver = PickedUser & { index?: number };

export interface Entry {
  node: OtherNode;
  users: Approver[];
  /** The running instances of its multi-instance sub-process it moves (indexes); all of them when absent. */
  instances?: number[];
  /** Two levels deep: per outer instance, the inner ones it moves; an outer instance not named, all. */
  inner?: Array<{ outer: number; instances: number[] }>;
}

/** Per outer instance, the inner instances chosen (docs/adr/0246-interventions-two-multi-instance-levels-deep.md). */
export type InnerChosen = Record<number, number[]>;

/** The inner instances chosen at first: all, or a sequence's first (it starts only that one). */
const innerDefaults = (node: OtherNode | undefined): InnerChosen | undefined =>
  node?.inner &&
  Object.fromEntries(
    node.inner.map((offer) => [offer.outer, offer.sequential ? [0] : offer.instances.map((i) => i.index)]),
  );

/** The inner choices to send: those of the outer instances chosen that leave some out. */
function innerToSend(node: OtherNode, instances: readonly number[] | undefined, inner: InnerChosen | undefined) {
  const sent = (node.inner ?? [])
    .filter((offer) => !instances || instances.includes(offer.outer))
    .filter((offer) => (inner?.[offer.outer]?.length ?? 0) < offer.instances.length)
    .map((offer) => ({ outer: offer.outer, instances: inner?.[offer.outer] ?? [] }));
  return sent.length > 0 ? sent : undefined;
}

/** End and automatic nodes take no approvers (spec/domain-console.md, "States and transitions"). */
export const takesApprovers = (node: OtherNode | undefined) => node?.type === 'ManualNode';

/** An approval whose instances each resolve its rule when no approver is chosen
 *  (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md). */
export const approversOptional = (node: OtherNode | undefined) => takesApprovers(node) && node?.perInstance === true;

/** Why an entry cannot be added, as a message key; null when it can. */
export function additionRefusal(
  entries: readonly Entry[],
  node: OtherNode | undefined,
  users: readonly Approver[],
  instances?: readonly number[],
  inner?: Entry['inner'],
): string | null {
  if (!node) return 'flow.msg.noIntervention';
  if (entries.some((e) => e.node.type === 'CompleteNode')) return 'flow.msg.afterEnd';
  if (node.type === 'CompleteNode' && entries.length > 0) return 'flow.msg.endNodeAlone';
  if (takesApprovers(node) && users.length === 0 && !approversOptional(node)) return 'flow.msg.handlerEmpty';
  if (instances?.length === 0 || inner?.some((choice) => choice.instances.length === 0))
    return 'flow.msg.noInstanceChosen';
  return null;
}

export function useIntervention(instanceId: string, enabled: boolean) {
  const read = useCall('flows.otherNodes', { query: { id: instanceId }, silent: true }, { enabled });
  const nodes: OtherNode[] = (enabled && read.data) || [];
  const [entries, setEntries] = useState<Entry[]>([]);
  const [nodeId, setNodeId] = useState('');
  const [users, setUsers] = useState<Approver[]>([]);
  /** The running instances chosen for the node (all of them at first); none outside such a sub-process. */
  const [instances, setInstances] = useState<number[] | undefined>();
  /** Two levels deep, the inner instances chosen per outer instance. */
  const [inner, setInner] = useState<InnerChosen | undefined>();
  /** The node whose default handlers are being read: until they come, the user selection would open
   *  without them, and an answer for a node chosen before is dropped. */
  const [readingFor, setReadingFor] = useState<string | null>(null);
  const latest = useRef('');

  /** Choosing a node fetches its default handlers (once, as the user's starting point) and clears the
   *  previous selection. An approval each instance resolves by its rule starts with none: one list could
   *  not say whose each instance's would be. */
  const chooseNode = (id: string) => {
    setNodeId(id);
    setUsers([]);
    latest.current = id;
    setReadingFor(null);
    const node = nodes.find((n) => n.id === id);
    // A sequence entered anew starts only its first instance here (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md).
    setInstances(node?.sequential ? [0] : node?.instances?.map((i) => i.index));
    setInner(innerDefaults(node));
    if (!takesApprovers(node) || approversOptional(node)) return;
    setReadingFor(id);
    const current = () => latest.current === id;
    call('flows.nodeApprovers', { query: { id: instanceId, nodeid: id }, silent: true })
      .then(
        (found) =>
          current() &&
          setUsers(
            found.map((u) => ({
              id: u.id,
              name: u.username,
              loginno: u.loginno,
              ...(u.index !== undefined ? { index: u.index } : {}),
            })),
          ),
        () => undefined,
      )
      .finally(() => current() && setReadingFor(null));
  };

  const chosen = nodes.find((n) => n.id === nodeId);
  /** Adds the chosen node (its users) and takes it off the selectable nodes; answers a refusal's key. */
  const add = (): string | null => {
    const innerSent = chosen && innerToSend(chosen, instances, inner);
    const refusal = additionRefusal(entries, chosen, users, instances, innerSent);
    if (refusal) return refusal;
    // Every running instance chosen is the default: sent as no choice.
    const some = instances && instances.length < (chosen!.instances?.length ?? 0) ? { instances } : {};
    const deeper = innerSent ? { inner: innerSent } : {};
    setEntries([...entries, { node: chosen!, users: takesApprovers(chosen) ? users : [], ...some, ...deeper }]);
    latest.current = '';
    setNodeId('');
    setUsers([]);
    setInstances(undefined);
    setInner(undefined);
    return null;
  };
  /** Removing an entry renumbers the later ones and gives its node back. */
  const remove = (index: number) => setEntries(entries.filter((_e, i) => i !== index));
  const selectable = nodes.filter((n) => !entries.some((e) => e.node.id === n.id));
  const submitTo = entries.map((e) => ({
    nodeid: e.node.id,
    isToPerson: takesApprovers(e.node),
    userids: e.users.map((u) => u.id).join(';'),
    // Defaults that name their inner instance keep it, so none left out shifts the others (ADR 0240).
    ...(e.users.length > 0 && e.users.every((u) => u.index !== undefined)
      ? { userindexes: e.users.map((u) => u.index!) }
      : {}),
    ...(e.instances ? { instances: e.instances } : {}),
    ...(e.inner ? { inner: e.inner } : {}),
  }));
  return {
    /** Whether the nodes have been read: before, there is nothing to choose. */
    ready: read.data !== undefined,
    /** Whether the chosen node's default handlers are still being read. */
    readingDefaults: readingFor !== null && readingFor === nodeId,
    selectable,
    entries,
    chosen,
    users,
    setUsers,
    instances,
    setInstances,
    inner,
    setInner,
    chooseNode,
    add,
    remove,
    submitTo,
  };
}
