// What an instance's detail draws (docs/adr/0050-instance-process-diagram.md): the process version it runs, the nodes it waits at, and the
// nodes it has passed (its start, each approval submitted, each auto task run, the end it reached, and
// the gateways between them).
import { passedGateways } from '../../../core/workflow/passed-gateways.ts';
import type { Db } from '../../db/schema.ts';
import { versionDiagram } from '../../workflow/process-diagram.ts';
import { versionById } from '../../workflow/process-versions.ts';

export async function instanceDiagram(db: Db, instance: { id: string; version_id: string }, active: string[]) {
  const passed = await db
    .selectFrom('flow_history')
    .select('node_id')
    .distinct()
    .where('instance_id', '=', instance.id)
    .where('action', 'in', ['start', 'submit', 'auto', 'complete'])
    .where('node_id', 'is not', null)
    .execute();
  const left = passed.map((row) => row.node_id!).filter((id) => !active.includes(id));
  const { definition } = await versionById(db, instance.version_id);
  return {
    bpmn: await versionDiagram(db, instance.version_id),
    active,
    done: [...left, ...passedGateways(definition, left, active)].sort(),
  };
}
