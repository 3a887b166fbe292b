// Loops the engine would walk forever (0086-gateway-cycles.md): a walk runs gateways and automatic
// tasks itself and stops only at an approval, a waiting join or an end. Within one walk the form and the
// acting user's choice stay the same, so a loop of such nodes that the walk enters once it enters
// again and again. Each loop is named by its node ids, in the order its flows run.
import type { ProcessDefinition, ProcessNode } from './process-types.ts';

const RUN_BY_ENGINE = new Set<ProcessNode['kind']>(['exclusive', 'parallel', 'inclusive', 'auto']);

/** One loop per strongly connected group of engine-run nodes: ids from the group's first id back to it. */
export function engineCycles({ nodes, flows }: Pick<ProcessDefinition, 'nodes' | 'flows'>): string[][] {
  const next = (id: string) =>
    nodes[id].outgoing.map((f) => flows[f].target).filter((t) => RUN_BY_ENGINE.has(nodes[t]?.kind));
  const ids = Object.keys(nodes)
    .filter((id) => RUN_BY_ENGINE.has(nodes[id].kind))
    .sort();
  return groups(ids, next)
    .map((group) => loopThrough(group, next))
    .filter((loop): loop is string[] => loop !== undefined);
}

/** Tarjan's strongly connected components, iterative (a drawing's size sets no stack depth). */
function groups(ids: string[], next: (id: string) => string[]): Set<string>[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: Set<string>[] = [];
  for (const root of ids) {
    if (index.has(root)) continue;
    const work: Array<{ id: string; edges: string[]; i: number }> = [];
    const open = (id: string) => {
      index.set(id, index.size);
      low.set(id, index.get(id)!);
      stack.push(id);
      onStack.add(id);
      work.push({ id, edges: next(id), i: 0 });
    };
    open(root);
    while (work.length > 0) {
      const top = work.at(-1)!;
      if (top.i < top.edges.length) {
        const to = top.edges[top.i++];
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(top.id, Math.min(low.get(top.id)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) low.set(work.at(-1)!.id, Math.min(low.get(work.at(-1)!.id)!, low.get(top.id)!));
      if (low.get(top.id) !== index.get(top.id)) continue;
      const group = new Set<string>();
      for (let id = stack.pop()!; ; id = stack.pop()!) {
        onStack.delete(id);
        group.add(id);
        if (id === top.id) break;
      }
      found.push(group);
    }
  }
  return found;
}

/** The shortest loop from the group's first id back to it, or none when the group is one node without
 *  a flow to itself. */
function loopThrough(group: Set<string>, next: (id: string) => string[]): string[] | undefined {
  const first = [...group].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const to of next(id)) {
      if (!group.has(to)) continue;
      if (to === first) {
        const loop = [first];
        for (let at = id; at !== first; at = cameFrom.get(at)!) loop.splice(1, 0, at);
        return [...loop, first];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, id);
        queue.push(to);
      }
    }
  }
  return undefined;
}
