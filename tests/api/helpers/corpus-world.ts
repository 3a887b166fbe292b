// The BPMN corpus installed in an engine world (tests/api/bpmn-*.test.ts): each file's process in the
// world's application, and a role for each candidate group the files name, held by one of its users.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { readProcess } from '../../../src/core/workflow/process-definition.ts';
import type { Db } from '../../../src/server/db/schema.ts';
import type { CorpusFile } from '../../unit/core/workflow/bpmn-corpus.ts';
import type { EngineWorld } from './engine-world.ts';

export async function installCorpus(
  db: Db,
  world: EngineWorld,
  corpus: readonly CorpusFile[],
  groups: readonly string[],
  holderOf: (group: string) => string = () => world.users.r1,
): Promise<void> {
  await db
    .insertInto('app_processes')
    .values(
      corpus.map((c) => ({
        application_id: world.applicationId,
        id: c.processId,
        names: JSON.stringify({ en: c.file }),
        form_id: 'form',
        bpmn: c.xml,
      })),
    )
    .execute();
  for (const group of groups) {
    const role = randomUUID();
    await db
      .insertInto('app_roles')
      .values({ id: role, application_id: world.applicationId, package_role: group, name: group })
      .execute();
    await db
      .insertInto('role_users')
      .values({ role_id: role, user_id: holderOf(group) })
      .execute();
  }
}

/** A process as Camunda Modeler 5 saves it (camunda: namespace, bpmn: prefix, xsi: for its typed
 *  conditions), with the root elements (errors, escalations, messages) its body refers to. */
export const camundaDrawn = (id: string, body: string, roots = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="d_${id}" targetNamespace="http://bpmn.io/schema/bpmn" exporter="Camunda Modeler" exporterVersion="5.31.0">
  <bpmn:process id="${id}" isExecutable="true">${body}</bpmn:process>${roots}
</bpmn:definitions>`.replace(/<(\/?)sequenceFlow\b/g, '<$1bpmn:sequenceFlow');

/** A call activity passing all the caller's variables in, as the modeler writes it. */
export const callOf = (id: string, process: string) =>
  `<bpmn:callActivity id="${id}" name="${id}" calledElement="${process}"><bpmn:extensionElements><camunda:in variables="all" /></bpmn:extensionElements></bpmn:callActivity>`;

/** Each process drawn and read as a corpus file; one the reader finds a problem in fails the test. */
export async function drawnCorpus(
  processes: Record<string, string>,
  draw: (id: string, body: string) => string,
): Promise<CorpusFile[]> {
  const written: CorpusFile[] = [];
  for (const [processId, body] of Object.entries(processes)) {
    const xml = draw(processId, body);
    const read = await readProcess(xml, processId);
    expect(read.problems, processId).toEqual([]);
    written.push({ file: `${processId}.bpmn`, processId, xml, read });
  }
  return written;
}
