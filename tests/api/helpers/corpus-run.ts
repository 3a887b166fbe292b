// A describe block's engine run of corpus drawings (tests/api/bpmn-multi-instance-*.test.ts): a server
// on the target database with an engine world, the drawings installed (their `legal` group held by the
// clerk), and what the tests ask through the runtime REST and read from the tables, as the world's
// initiator. One place for what each such file would otherwise set up again.
import { expect } from 'vitest';
import { readProcess } from '../../../src/core/workflow/process-definition.ts';
import type { CorpusFile } from '../../unit/core/workflow/bpmn-corpus.ts';
import type { DatabaseTarget } from './databases.ts';
import { engineRun } from './engine-run.ts';
import { installCorpus } from './corpus-world.ts';
import { historyOf, loopTokens, openTaskAssignees, taskStatusesAt } from './instance-readers.ts';

type FormData = Record<string, unknown>;

/** Opens the run before the block's tests (users named `prefix-…`) and closes it after them. */
export function corpusRun(target: DatabaseTarget, prefix: string, drawings: () => Promise<CorpusFile[]>) {
  const { server, world, runtime } = engineRun(target, prefix, async (opened, inWorld) =>
    installCorpus(opened.db, inWorld, await drawings(), ['legal'], () => inWorld.users.clerk),
  );
  const initiator = `${prefix}-init`;
  return {
    db: () => server().db,
    server,
    world,
    runtime,
    start: (flowId: string, formData: FormData) => runtime().start(flowId, initiator, { formData }),
    submit: (flowId: string, id: string, userCode: string, formData: FormData = {}) =>
      runtime().submit(flowId, id, userCode, { formData }),
    diagram: (flowId: string, id: string) => runtime().diagram(flowId, id, initiator),
    history: (id: string) => historyOf(server().db, id),
    openTasks: (id: string) => openTaskAssignees(server().db, id),
    tasksAt: (id: string, nodeId: string) => taskStatusesAt(server().db, id, nodeId),
    tokens: (id: string) => loopTokens(server().db, id),
  };
}

/** `drawn` saved under another process id and name with `edits` made to its XML (each text replaced
 *  once); the reader must find no problem in it. */
export async function redrawn(
  drawn: CorpusFile,
  as: { file: string; processId: string; name: string },
  edits: ReadonlyArray<[string, string]>,
): Promise<CorpusFile> {
  const named = drawn.xml.match(new RegExp(`id="${drawn.processId}" name="[^"]*"`))![0];
  let xml = drawn.xml
    .replace(named, `id="${as.processId}" name="${as.name}"`)
    .replace(`bpmnElement="${drawn.processId}"`, `bpmnElement="${as.processId}"`);
  for (const [from, to] of edits) {
    expect(xml).toContain(from);
    xml = xml.replace(from, to);
  }
  const read = await readProcess(xml, as.processId);
  expect(read.problems).toEqual([]);
  return { file: as.file, processId: as.processId, xml, read };
}
