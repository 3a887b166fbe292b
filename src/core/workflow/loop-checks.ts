// What the reading of a process checks about multi-instance activities: the vendor parts a loop's
// reading takes, the loops a node is drawn in, and what a multi-instance sub-process may hold.
import type { ProcessNode } from './process-types.ts';
import type { Element } from './structure-elements.ts';
import { VENDOR_PREFIXES } from './vendor-attributes.ts';

/** The vendor parts of a loop its reading takes (structure-elements.ts). */
export const loopHonoured = (loop: Element) => [
  'zeebe:loopCharacteristics',
  ...Object.keys(loop.$attrs ?? {}).filter((name) =>
    VENDOR_PREFIXES.some((p) => name === `${p}:collection` || name === `${p}:elementVariable`),
  ),
];

/** The multi-instance sub-processes a node is drawn in, innermost first. */
export function loopsAround(nodes: Record<string, ProcessNode>, node: ProcessNode): ProcessNode[] {
  const loops: ProcessNode[] = [];
  for (let at = node.parent; at; at = nodes[at]?.parent) if (nodes[at]?.multi) loops.push(nodes[at]);
  return loops;
}

/** What a multi-instance sub-process may hold (docs/adr/0148-multi-instance-sub-processes.md,
 *  docs/adr/0167-multi-instance-cardinality-waits-and-joins.md, docs/adr/0170-multi-instance-ends-boundaries-nested.md,
 *  docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md,
 *  docs/adr/0184-workers-and-conditions-inside-multi-instance.md): its instances run side by side on one set
 *  of nodes, told apart by the instance each token, join and job carries: approvals (a multi-instance
 *  approval is a countersign per instance, docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md),
 *  automatic steps, external tasks, call activities, gateways (exclusive, parallel, inclusive, event-based),
 *  timer, message and conditional catch events, timer, message, conditional and error boundary events on what
 *  is inside, sub-processes (with error and escalation boundaries), its start, plain, terminate, error and
 *  escalation ends. On the sub-process itself: error, escalation, timer, message and conditional boundary
 *  events (they hang on the token that holds its instances). A multi-instance sub-process runs inside
 *  another (a token inside both carries the outer and the inner index,
 *  docs/adr/0197-multi-instance-sub-processes-nested.md); a third level is refused: a token carries two. */
export function checkInsideLoops(
  nodes: Record<string, ProcessNode>,
  problem: (node: ProcessNode, loop: string, key: 'loopInside' | 'loopInLoop') => void,
) {
  const loopOf = (node: ProcessNode): string | undefined => {
    for (let at = node.parent; at; at = nodes[at]?.parent) if (nodes[at]?.multi) return at;
    return undefined;
  };
  const waits = (node: ProcessNode) => node.event !== undefined;
  for (const node of Object.values(nodes)) {
    if (node.kind === 'boundary' && node.attachedTo && nodes[node.attachedTo]?.kind === 'subprocess') {
      if (nodes[node.attachedTo].multi && !node.catches && !waits(node)) problem(node, node.attachedTo, 'loopInside');
    }
    const loop = loopOf(node);
    if (!loop) continue;
    // A boundary inside either waits (timer, message, condition, a worker's error) or catches what is thrown.
    // A multi-instance sub-process runs inside one that is not itself inside another (two levels).
    const runs =
      !(node.kind === 'subprocess' && node.multi && loopOf(nodes[loop])) &&
      (node.kind !== 'boundary' || ((waits(node) || node.catches !== undefined) && node.attachedTo !== loop));
    if (!runs) problem(node, loop, node.kind === 'subprocess' && node.multi ? 'loopInLoop' : 'loopInside');
  }
}
