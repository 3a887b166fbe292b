// The intervention area's state (spec/domain-console.md, "Workflow state screen", "States and transitions", "Validation rules"): the nodes an instance can move to, the
// entries chosen so far (numbered in order), the node being chosen with its approvers (its default
// handlers fetched when it is chosen, replacing the previous choice), and the spec's rules for adding.
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { PickedUser } from '../../runtime/user-picker/user-select-types.ts';

export type OtherNode = Calls['flows.otherNodes']['reply'][number];

export interface Entry {
  node: OtherNode;
  users: PickedUser[];
}

/** End and automatic nodes take no approvers (spec/domain-console.md, "States and transitions"). */
export const takesApprovers = (node: OtherNode | undefined) => node?.type === 'ManualNode';

/** Why an entry cannot be added, as a message key; null when it can. */
export function additionRefusal(
  entries: readonly Entry[],
  node: OtherNode | undefined,
  users: readonly PickedUser[],
): string | null {
  if (!node) return 'flow.msg.noIntervention';
  if (entries.some((e) => e.node.type === 'CompleteNode')) return 'flow.msg.afterEnd';
  if (node.type === 'CompleteNode' && entries.length > 0) return 'flow.msg.endNodeAlone';
  if (takesApprovers(node) && users.length === 0) return 'flow.msg.handlerEmpty';
  return null;
}

export function useIntervention(instanceId: string, enabled: boolean) {
  const read = useCall('flows.otherNodes', { query: { id: instanceId }, silent: true }, { enabled });
  const nodes: OtherNode[] = (enabled && read.data) || [];
  const [entries, setEntries] = useState<Entry[]>([]);
  const [nodeId, setNodeId] = useState('');
  const [users, setUsers] = useState<PickedUser[]>([]);

  /** Choosing a node fetches its default handlers (once, as the user's starting point) and clears the
   *  previous selection. */
  const chooseNode = (id: string) => {
    setNodeId(id);
    setUsers([]);
    const node = nodes.find((n) => n.id === id);
    if (!takesApprovers(node)) return;
    call('flows.nodeApprovers', { query: { id: instanceId, nodeid: id }, silent: true }).then(
      (found) => setUsers(found.map((u) => ({ id: u.id, name: u.username, loginno: u.loginno }))),
      () => undefined,
    );
  };

  const chosen = nodes.find((n) => n.id === nodeId);
  /** Adds the chosen node (its users) and takes it off the selectable nodes; answers a refusal's key. */
  const add = (): string | null => {
    const refusal = additionRefusal(entries, chosen, users);
    if (refusal) return refusal;
    setEntries([...entries, { node: chosen!, users: takesApprovers(chosen) ? users : [] }]);
    setNodeId('');
    setUsers([]);
    return null;
  };
  /** Removing an entry renumbers the later ones and gives its node back. */
  const remove = (index: number) => setEntries(entries.filter((_e, i) => i !== index));
  const selectable = nodes.filter((n) => !entries.some((e) => e.node.id === n.id));
  const submitTo = entries.map((e) => ({
    nodeid: e.node.id,
    isToPerson: takesApprovers(e.node),
    userids: e.users.map((u) => u.id).join(';'),
  }));
  return { selectable, entries, chosen, users, setUsers, chooseNode, add, remove, submitTo };
}
