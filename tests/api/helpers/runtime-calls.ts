// The workflow runtime's REST calls (/rest/bpm/…, docs/adr/0045-workflow-runtime-access-token.md) as a
// program makes them, for the engine's API tests: the enterprise's access token and the caller's login
// number on every call, the test application and a process on those that concern one. One place, so
// that every test drives the runtime the same way; the world and its processes come from
// engine-world.ts (installed with corpus-world.ts or waiting-processes.ts), what an instance did is
// read with instance-readers.ts.
import { expect } from 'vitest';
import type { CallResult } from './api-client.ts';
import type { EngineWorld } from './engine-world.ts';
import type { TestServer } from './test-server.ts';

/** What the runtime's start, submission and message calls answer (the fields the tests read). */
export interface RuntimeResult {
  instanceId: string;
  status: string;
  /** The tasks the action opened (or, for a query, would open), with their approvers. */
  tasks: Array<{ nodeId: string; approvers: Array<{ loginno: string }> }>;
}

export interface RuntimeCallOptions {
  /** The caller's login number. */
  userCode: string;
  /** The process the call concerns (with the world's application); left out by the calls that name
   *  none (the message centre, a worker's external tasks). */
  flowId?: string;
  instanceId?: string;
  /** The JSON body; none when left out. */
  body?: unknown;
  /** More query parameters (a language, a filter). */
  query?: Record<string, string | number>;
  /** Default POST. */
  method?: 'GET' | 'POST';
}

export interface Runtime {
  /** Calls `/rest/bpm/<action>` and answers the reply as it comes (for the tests that look at a refusal). */
  call<T = RuntimeResult>(action: string, options: RuntimeCallOptions): Promise<CallResult<T>>;
  /** Starts an instance of `flowId` with that body (`{ formData }`, a summary, a business key…);
   *  expects the start to succeed and answers the instance's id. */
  start(flowId: string, userCode: string, body?: unknown): Promise<string>;
  /** Submits (approves) the caller's open task on the instance; expects it to succeed and answers the
   *  instance's status after it. */
  submit(flowId: string, instanceId: string, userCode: string, body?: unknown): Promise<string>;
  /** The instance's diagram as the runtime's instance query shows it (the nodes active, done and
   *  interrupted); expects the query to succeed. */
  diagram(flowId: string, instanceId: string, userCode: string): Promise<InstanceDiagram>;
}

/** The nodes of an instance's diagram, by how far the instance went through them. */
export interface InstanceDiagram {
  active: string[];
  done: string[];
  interrupted: string[];
}

/** The runtime of `world` through `server`, with the access token `runtimeAccess` gave. */
export function runtimeOf(server: TestServer, world: EngineWorld, token: string): Runtime {
  const runtime: Runtime = {
    call<T = RuntimeResult>(action: string, options: RuntimeCallOptions) {
      const { userCode, flowId, instanceId, body, query, method = 'POST' } = options;
      return server.client('en').call<T>(method, `/rest/bpm/${action}`, {
        query: {
          accessToken: token,
          userCode,
          ...(flowId === undefined ? {} : { applicationId: world.applicationId, flowId }),
          ...(instanceId ? { instanceId } : {}),
          ...query,
        },
        ...(body === undefined ? {} : { body }),
      });
    },
    async start(flowId, userCode, body = {}) {
      const started = await runtime.call('runtime/start', { flowId, userCode, body });
      expect(started.reply.errcode, started.reply.errmsg).toBe(0);
      return started.reply.data!.instanceId;
    },
    async submit(flowId, instanceId, userCode, body = {}) {
      const done = await runtime.call('runtime/submission', { flowId, instanceId, userCode, body });
      expect(done.reply.errcode, done.reply.errmsg).toBe(0);
      return done.reply.data!.status;
    },
    async diagram(flowId, instanceId, userCode) {
      const seen = await runtime.call<{ diagram: InstanceDiagram }>('query/instance', {
        flowId,
        instanceId,
        userCode,
        method: 'GET',
      });
      expect(seen.reply.errcode, seen.reply.errmsg).toBe(0);
      return seen.reply.data!.diagram;
    },
  };
  return runtime;
}
