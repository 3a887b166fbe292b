// The corpus (tests/fixtures/bpmn/) against the modelers' own reader and writer: Camunda Modeler and
// bpmn-js read and save a drawing with bpmn-moddle and the vendor's extension descriptor
// (camunda-bpmn-moddle for Camunda 7, zeebe-bpmn-moddle for Camunda 8). Read with the descriptors of the
// namespaces it declares, every file is one the modeler knows through and through: each vendor element
// and attribute defined, of its type (an unknown one is a reader's warning). Saved again by that writer,
// as a modeler saves a file it opened, the engine reads it exactly as the original; and a file those
// modelers exported is byte for byte what their writer saves. Flowable and Activiti publish no
// maintained descriptor and write with serializers of their own: their files are read and saved with
// BPMN's descriptor alone (the writer keeps their vendor attributes as it keeps any unknown one).
import type { ModdleElement } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { modelerModdle } from '../../../../src/core/workflow/modeler-moddle.ts';
import { readProcess, type ReadProcess } from '../../../../src/core/workflow/process-definition.ts';
import { writeTopics } from '../../../../src/core/workflow/topic-mapping.ts';
import { readCorpus } from './bpmn-corpus.ts';

/** The exporters that save through bpmn-moddle's writer (`exporter` of the definitions). */
const BPMN_MODDLE_EXPORTERS = /^(Camunda Modeler|bpmn-js)\b/;

/** What an install takes from a reading, without the reader's own notes. */
const taken = (read: ReadProcess) => ({
  definition: read.definition,
  problems: read.problems,
  cautions: read.cautions,
});

describe('the BPMN corpus in the modelers’ reader and writer', () => {
  it('reads every file with its vendor’s descriptor without a warning; saved again, the engine reads it as drawn', async () => {
    const corpus = await readCorpus();
    const byVendor: Record<string, number> = {};
    let exported = 0;
    for (const { file, processId, xml, read } of corpus) {
      const { moddle, vendor } = modelerModdle(xml);
      byVendor[vendor] = (byVendor[vendor] ?? 0) + 1;
      const { rootElement, warnings } = await moddle.fromXML(xml, 'bpmn:Definitions');
      expect(
        warnings.map((w) => w.message.split('\n')[0]),
        file,
      ).toEqual([]);
      const { xml: saved } = await moddle.toXML(rootElement, { format: true });
      expect(taken(await readProcess(saved, processId)), file).toEqual(taken(read));
      if (BPMN_MODDLE_EXPORTERS.test(String((rootElement as ModdleElement).get('exporter')))) {
        exported++;
        expect(saved, `${file} is not in the form its modeler saves`).toEqual(xml);
      }
    }
    // Each modeler's files are among them, so none of the checks above passed for want of a file.
    expect(byVendor).toMatchObject({ camunda: 38, zeebe: 17, bpmn: 12 });
    expect(exported).toBe(58);
  }, 60_000);

  it('hears of a vendor attribute or element the modeler does not define', async () => {
    const corpus = await readCorpus();
    const camunda = corpus.find((c) => c.xml.includes('camunda:assignee="'))!.xml;
    const misspelt = camunda.replace('camunda:assignee="', 'camunda:asignee="');
    const read = await modelerModdle(misspelt).moddle.fromXML(misspelt, 'bpmn:Definitions');
    expect(read.warnings.map((w) => w.message)).toContain('unknown attribute <camunda:asignee>');
    const zeebe = corpus.find((c) => c.xml.includes('<zeebe:assignmentDefinition '))!.xml;
    const unknown = zeebe.replace('<zeebe:assignmentDefinition ', '<zeebe:assignmentDefinitio ');
    const readZeebe = await modelerModdle(unknown).moddle.fromXML(unknown, 'bpmn:Definitions');
    expect(readZeebe.warnings.map((w) => w.message.split('\n')[0])).toContain(
      'unparsable content <zeebe:assignmentDefinitio> detected',
    );
  }, 60_000);

  it('writes a mapped topic as the modeler saves the file: only the element and the namespace change, and a save in the modeler keeps it', async () => {
    const corpus = await readCorpus();
    const drawing = corpus.find((c) => c.file === 'c7-java-delegate.bpmn')!;
    const { xml: written, unmappable } = await writeTopics(drawing.xml, { Activity_ahb57z4: 'book-order' });
    expect(unmappable).toEqual([]);
    const before = drawing.xml.split('\n');
    const changed = written.split('\n').filter((line, i) => line !== before[i]);
    expect(changed).toHaveLength(2);
    expect(changed[0]).toMatch(/^<bpmn:definitions .* xmlns:atrium="urn:atrium:bpmn" /);
    expect(changed[1]).toContain('camunda:class="org.example.order.BookOrderDelegate" atrium:topic="book-order"');
    const { moddle } = modelerModdle(written);
    const { rootElement, warnings } = await moddle.fromXML(written, 'bpmn:Definitions');
    expect(warnings).toEqual([]);
    const { xml: savedInModeler } = await moddle.toXML(rootElement, { format: true });
    expect(savedInModeler).toEqual(written);
    const read = await readProcess(savedInModeler, drawing.processId);
    expect(read.problems).toEqual([]);
    expect(read.definition?.nodes.Activity_ahb57z4).toMatchObject({ kind: 'external', topic: 'book-order' });
  });
});
