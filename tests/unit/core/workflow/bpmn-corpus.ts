// The corpus of BPMN files in the forms the modelers export (tests/fixtures/bpmn/): each
// file read as an install reads it, with what it refuses (element and message key) and what it warns about.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processesIn, readProcess, type ReadProcess } from '../../../../src/core/workflow/process-definition.ts';

export const CORPUS_DIR = join(import.meta.dirname, '../../../fixtures/bpmn');

export interface CorpusFile {
  file: string;
  processId: string;
  xml: string;
  read: ReadProcess;
}

export async function readCorpus(): Promise<CorpusFile[]> {
  const files = readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.bpmn'))
    .sort();
  return Promise.all(files.map((file) => readDrawing(CORPUS_DIR, file)));
}

/** One drawing's first process read as an install reads it (also one kept outside the corpus). */
export async function readDrawing(dir: string, file: string): Promise<CorpusFile> {
  const xml = readFileSync(join(dir, file), 'utf8');
  const [{ id }] = await processesIn(xml);
  return { file, processId: id, xml, read: await readProcess(xml, id) };
}

/** Whether the file's process waits for timers, messages or workers (run by tests/api/bpmn-corpus-waits.test.ts). */
export const waitsOutside = (c: CorpusFile): boolean =>
  Object.values(c.read.definition?.nodes ?? {}).some(
    // A boundary that catches what a sub-process throws has no `event`: it runs within an action.
    // A condition is looked at within the actions that change the variables: it needs no waiting.
    (n) =>
      n.event?.type !== 'conditional' &&
      (['catch', 'eventGateway', 'external'].includes(n.kind) || n.event !== undefined),
  );
