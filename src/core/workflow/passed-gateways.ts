// Which gateways an instance has gone through (docs/adr/0050-instance-process-diagram.md's diagram marks them done like the nodes). The
// history records the nodes the engine entered, never the gateways between them, so a gateway counts
// as passed when, going only through gateways, it is reached from a node the instance left and leads
// to a node the instance reached (left or waiting at).
import type { ProcessDefinition } from './process-definition.ts';

const isGateway = (definition: ProcessDefinition, id: string) =>
  ['exclusive', 'parallel', 'inclusive'].includes(definition.nodes[id]?.kind ?? '');

/** The nodes, going through gateways only, next to `from` in one direction, each gateway once. */
function throughGateways(definition: ProcessDefinition, from: string, direction: 'incoming' | 'outgoing'): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const node = definition.nodes[queue.shift()!];
    for (const flowId of node?.[direction] ?? []) {
      const flow = definition.flows[flowId];
      const next = flow && (direction === 'outgoing' ? flow.target : flow.source);
      if (!next || seen.has(next)) continue;
      seen.add(next);
      if (isGateway(definition, next)) queue.push(next);
      else found.add(next);
    }
  }
  return found;
}

export function passedGateways(
  definition: ProcessDefinition,
  left: Iterable<string>,
  waiting: Iterable<string>,
): string[] {
  const leftSet = new Set(left);
  const reached = new Set([...leftSet, ...waiting]);
  return Object.keys(definition.nodes)
    .filter((id) => isGateway(definition, id))
    .filter(
      (id) =>
        [...throughGateways(definition, id, 'incoming')].some((n) => leftSet.has(n)) &&
        [...throughGateways(definition, id, 'outgoing')].some((n) => reached.has(n)),
    )
    .sort();
}
