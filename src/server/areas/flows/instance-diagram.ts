// What an instance's detail draws (docs/adr/0050-instance-process-diagram.md): the process version it runs, the nodes it waits at, and the
// nodes it has passed (its start, each approval submitted, each auto task run, the end it reached, and
// the gateways between them), and the sub-processes an interrupting event cancelled before they completed
// (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md).
import { passedGateways } from '../../../core/workflow/passed-gateways.ts';
import type { Db } from '../../db/schema.ts';
import { versionDiagram } from '../../workflow/process-diagram.ts';
import { versionById } from '../../workflow/process-versions.ts';

export async function instanceDiagram(db: Db, instance: { id: string; version_id: string }, active: string[]) {
  const passed = await db
    .selectFrom('flow_history')
    .select(['node_id', 'action'])
    .distinct()
    .where('instance_id', '=', instance.id)
    .where('action', 'in', ['start', 'submit', 'auto', 'complete', 'interrupted'])
    .where('node_id', 'is not', null)
    .execute();
  const completed = new Set(passed.filter((row) => row.action !== 'interrupted').map((row) => row.node_id!));
  // A sub-process completed once (another instance of it, or an earlier pass) is drawn done.
  const interrupted = [
    ...new Set(passed.filter((row) => row.action === 'interrupted').map((row) => row.node_id!)),
  ].filter((id) => !completed.has(id) && !active.includes(id));
  const left = [...completed].filter((id) => !active.includes(id));
  const { definition } = await versionById(db, instance.version_id);
  return {
    bpmn: await versionDiagram(db, instance.version_id),
    active,
    done: [...left, ...passedGateways(definition, [...left, ...interrupted], active)].sort(),
    interrupted: interrupted.sort(),
  };
}
