// A drawing saved under tests/fixtures/<folder>, read as a corpus file: what the engine tests over
// modelers' files (multi-instance objects, input/output mappings) install and run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { processesIn, readProcess } from '../../../src/core/workflow/process-definition.ts';
import type { CorpusFile } from '../../unit/core/workflow/bpmn-corpus.ts';

/** The file's (first) process; the reader must find no problem in it. */
export async function fixtureDrawing(folder: string, file: string): Promise<CorpusFile> {
  const xml = readFileSync(join(import.meta.dirname, '../../fixtures', folder, file), 'utf8');
  const [{ id }] = await processesIn(xml);
  const read = await readProcess(xml, id);
  expect(read.problems, file).toEqual([]);
  return { file, processId: id, xml, read };
}
