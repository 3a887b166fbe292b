// Code mapped to a worker's topic (docs/adr/0258-code-mapped-to-external-topics.md): the corpus files
// refused for their Java delegates and scripts install once each such element is given a topic, and
// run it as an external task; listeners and user tasks cannot be mapped.
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../../../src/core/workflow/process-definition.ts';
import { writeTopics } from '../../../../src/core/workflow/topic-mapping.ts';
import { readCorpus, type CorpusFile } from './bpmn-corpus.ts';

const corpusFile = async (name: string): Promise<CorpusFile> =>
  (await readCorpus()).find((c) => c.file === `${name}.bpmn`)!;

/** Every element whose refusal a topic lifts, given the topic `<its id>-worker`. */
const topicsFor = (c: CorpusFile) =>
  Object.fromEntries(c.read.problems.filter((p) => p.fix === 'topic').map((p) => [p.element, `${p.element}-worker`]));

describe('code mapped to an external topic', () => {
  it.each(['c7-java-delegate', 'flowable-holiday-request', 'flowable-script-task'])(
    '%s installs with a topic for each element that calls code, run by a worker',
    async (name) => {
      const drawn = await corpusFile(name);
      expect(drawn.read.definition).toBeUndefined();
      const topics = topicsFor(drawn);
      expect(Object.keys(topics).length).toBe(drawn.read.problems.length); // every refusal is liftable
      const { xml, unmappable } = await writeTopics(drawn.xml, topics);
      expect(unmappable).toEqual([]);
      const read = await readProcess(xml, drawn.processId);
      expect(read.problems).toEqual([]);
      for (const [id, topic] of Object.entries(topics)) {
        expect(read.definition!.nodes[id]).toMatchObject({ kind: 'external', topic, retries: 3 });
        const mapped = read.cautions.filter((c) => c.element === id && c.key === 'workflow.warning.codeMapped');
        expect(mapped.map((c) => c.params.topic)).toEqual([topic]);
      }
      // The diagram is kept: every shape and edge of the drawing is still there.
      const count = (text: string) => (text.match(/BPMNShape |BPMNEdge /g) ?? []).length;
      expect(count(xml)).toBe(count(drawn.xml));
    },
  );

  it('names what the script or delegate did in the warning, and a second mapping replaces the first', async () => {
    const drawn = await corpusFile('c7-java-delegate');
    const once = await writeTopics(drawn.xml, { Activity_ahb57z4: 'book-order' });
    const twice = await writeTopics(once.xml, { Activity_ahb57z4: 'orders/book' });
    const read = await readProcess(twice.xml, drawn.processId);
    expect(read.definition!.nodes.Activity_ahb57z4.topic).toBe('orders/book');
    expect((twice.xml.match(/:topic=/g) ?? []).length).toBe(1);
    expect(read.cautions.map((c) => [c.key, c.params.part, c.params.value])).toContainEqual([
      'workflow.warning.codeMapped',
      'camunda:class',
      'org.example.order.BookOrderDelegate',
    ]);
  });

  it('refuses a topic for a listener, a user task or an element the file does not hold', async () => {
    const listener = await corpusFile('c7-task-listener');
    expect(listener.read.problems.map((p) => [p.key, p.fix])).toEqual([['workflow.problem.code', undefined]]);
    const userTask = listener.read.problems[0].element;
    const { xml, unmappable } = await writeTopics(listener.xml, { [userTask]: 'approve', Nowhere_1: 'x' });
    expect(unmappable).toEqual([userTask, 'Nowhere_1']);
    expect(xml).toBe(listener.xml);
    expect((await writeTopics('not xml', { a: 'b' })).unmappable).toEqual(['a']);
  });
});
