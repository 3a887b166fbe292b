// Which multi-instance sub-process a node is drawn in: read by the walk (loop-scopes.ts) and by what sets
// a caught error's variables in that instance (error-variables.ts), which the walk's files import.
import type { ProcessDefinition } from '../../core/workflow/process-definition.ts';

const loopOfNode = new WeakMap<ProcessDefinition, Map<string, string>>();

/** The innermost multi-instance sub-process a node is drawn in, if any (two levels run, the install
 *  refuses a third: docs/adr/0197-multi-instance-sub-processes-nested.md). */
export function loopOf(definition: ProcessDefinition, nodeId: string): string | undefined {
  let byNode = loopOfNode.get(definition);
  if (!byNode) {
    loopOfNode.set(definition, (byNode = new Map()));
    for (const node of Object.values(definition.nodes))
      for (let at = node.parent; at; at = definition.nodes[at]?.parent)
        if (definition.nodes[at]?.multi) {
          byNode.set(node.id, at);
          break;
        }
  }
  return byNode.get(nodeId);
}
