// The drawing of the process an instance runs (docs/adr/0050-instance-process-diagram.md): its version's BPMN as stored when it carries
// diagram interchange (what a modeler writes), else the same document laid out by bpmn-auto-layout.
// A version never changes, so each is laid out once per server.
import { layoutProcess } from 'bpmn-auto-layout';
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import type { Db } from '../db/schema.ts';

interface Definitions {
  rootElements?: ModdleElement[];
  diagrams?: unknown[];
}

/** The document as it is when it has a diagram, else with one made for its first process. */
export async function drawableBpmn(xml: string): Promise<string> {
  const moddle = new BpmnModdle();
  const { rootElement } = await moddle.fromXML(xml, 'bpmn:Definitions');
  const definitions = rootElement as Definitions;
  if ((definitions.diagrams ?? []).length > 0) return xml;
  linkFlows(definitions);
  return layoutProcess((await moddle.toXML(definitions)).xml);
}

/** The layout follows each node's incoming and outgoing flows, which a hand-written file (like the
 *  demo packages') may leave out: they are filled in from the sequence flows' ends. */
function linkFlows(definitions: Definitions): void {
  for (const process of (definitions.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process')) {
    const elements = (process.get('flowElements') ?? []) as ModdleElement[];
    for (const flow of elements.filter((e) => e.$type === 'bpmn:SequenceFlow')) {
      for (const [end, side] of [
        ['sourceRef', 'outgoing'],
        ['targetRef', 'incoming'],
      ] as const) {
        const node = flow.get(end) as ModdleElement | undefined;
        const linked = (node?.get(side) ?? []) as ModdleElement[];
        if (node && !linked.includes(flow)) node.set(side, [...linked, flow]);
      }
    }
  }
}

const drawings = new Map<string, Promise<string>>();

/** The drawable BPMN of a process version (ids are never reused, so the cache never goes stale). */
export function versionDiagram(db: Db, versionId: string): Promise<string> {
  let drawing = drawings.get(versionId);
  if (!drawing) {
    drawing = db
      .selectFrom('process_versions')
      .select('bpmn')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow()
      .then((row) => drawableBpmn(row.bpmn));
    drawing.catch(() => drawings.delete(versionId));
    drawings.set(versionId, drawing);
  }
  return drawing;
}
