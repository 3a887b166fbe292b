// What the mapping tests share (tests/api/bpmn-io-mappings.test.ts, bpmn-sub-process-mappings.test.ts,
// bpmn-call-parameters.test.ts): one server per database with
// an engine world whose application holds the drawings, and what they ask of an instance through the
// runtime REST (its variables, the form an assignee sees, a worker's turn at an external task).
import { expect } from 'vitest';
import type { CorpusFile } from '../../unit/core/workflow/bpmn-corpus.ts';
import { installCorpus } from './corpus-world.ts';
import type { DatabaseTarget } from './databases.ts';
import { engineRun } from './engine-run.ts';
import type { EngineWorld } from './engine-world.ts';
import { instanceOf } from './instance-readers.ts';
import type { Runtime } from './runtime-calls.ts';
import type { TestServer, TestServerOptions } from './test-server.ts';

interface ExternalTask {
  id: string;
  instanceId: string;
  variables: Record<string, unknown>;
}

export interface MappingWorld {
  readonly server: TestServer;
  readonly world: EngineWorld;
  readonly runtime: Runtime;
  /** The instance's process variables. */
  variables(id: string): Promise<Record<string, unknown>>;
  /** What the task's form shows its assignee. */
  formOf(flowId: string, id: string, userCode: string): Promise<Record<string, unknown>>;
  /** A worker (as `<prefix>-init`) fetches the instance's task of `topic` and completes it with `sent`:
   *  answers what the task showed it and the instance's state after. */
  work(
    topic: string,
    id: string,
    sent: Record<string, unknown>,
  ): Promise<{ seen: Record<string, unknown>; status: string }>;
}

/** Starts a server on `target` (with `options`: a job poller) before the describe's tests, with an engine
 *  world of Acme whose users and codes start with `prefix` and whose application holds `files`; closes it
 *  after them. */
export function mappingWorld(
  target: DatabaseTarget,
  prefix: string,
  files: readonly CorpusFile[],
  options?: TestServerOptions,
): MappingWorld {
  const run = engineRun(target, prefix, (server, world) => installCorpus(server.db, world, files, []), options);
  const call = <T>(path: string, body: unknown) => run.runtime().call<T>(path, { userCode: `${prefix}-init`, body });
  return {
    get server() {
      return run.server();
    },
    get world() {
      return run.world();
    },
    get runtime() {
      return run.runtime();
    },
    variables: async (id) => (await instanceOf(run.server().db, id)).form_data as Record<string, unknown>,
    async formOf(flowId, id, userCode) {
      const seen = await run.runtime().call<{ instance: { formData: Record<string, unknown> } }>('query/instance', {
        flowId,
        instanceId: id,
        userCode,
        method: 'GET',
      });
      expect(seen.reply.errcode, seen.reply.errmsg).toBe(0);
      return seen.reply.data!.instance.formData;
    },
    async work(topic, id, sent) {
      const workerId = `${prefix}-worker`;
      const fetched = await call<ExternalTask[]>('external-task/fetch-and-lock', {
        workerId,
        maxTasks: 10,
        topics: [{ topicName: topic, lockDuration: 30_000 }],
      });
      expect(fetched.reply.errcode, fetched.reply.errmsg).toBe(0);
      const task = fetched.reply.data!.find((t) => t.instanceId === id)!;
      const done = await call<{ status: string }>('external-task/complete', { id: task.id, workerId, variables: sent });
      expect(done.reply.errcode, done.reply.errmsg).toBe(0);
      return { seen: task.variables, status: done.reply.data!.status };
    },
  };
}
