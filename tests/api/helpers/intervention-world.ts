// What the intervention tests share (tests/api/flows-intervention-*.test.ts,
// flows-multi-instance-intervention.test.ts, bpmn-structures.test.ts): one server per database with an engine world whose
// application holds the drawings, the administrator signed in, and the console's intervention calls.
import { afterAll, beforeAll } from 'vitest';
import type { CorpusFile } from '../../unit/core/workflow/bpmn-corpus.ts';
import type { ApiClient, CallResult } from './api-client.ts';
import { installCorpus } from './corpus-world.ts';
import type { DatabaseTarget } from './databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './engine-world.ts';
import { openTaskAssignees } from './instance-readers.ts';
import { runtimeOf, type Runtime } from './runtime-calls.ts';
import { ADMIN, startTestServer, type TestServer } from './test-server.ts';

/** A node an intervention sends the instance to, given to `userids`, in the instances of `instances` (and,
 *  two levels deep, per outer instance those of `inner`). */
export type Entry = {
  nodeid: string;
  userids?: string;
  instances?: number[];
  inner?: Array<{ outer: number; instances: number[] }>;
};
/** A node the console offers to intervene to. */
export type OtherNode = {
  id: string;
  statelabel: string;
  anew?: boolean;
  perInstance?: boolean;
  instances?: Array<{ index: number; element: string }>;
};

export interface InterventionSetup {
  /** Users and codes of the engine world start with it. */
  prefix: string;
  files: readonly CorpusFile[];
  /** Candidate groups given a role: `management` held by the world's r2, the others by r1. */
  groups?: readonly string[];
  /** The comment every intervention is made with. */
  comment: string;
}

export interface InterventionWorld {
  readonly server: TestServer;
  readonly world: EngineWorld;
  readonly engine: Runtime;
  /** The administrator, signed in in English. */
  readonly admin: ApiClient;
  /** The instance's open tasks as `node:assignee`. */
  openTasks(id: string): Promise<string[]>;
  /** The nodes the console offers to intervene to. */
  others(id: string): Promise<OtherNode[]>;
  /** Intervenes (or previews the intervention) to `submitTo`, as `client` (the administrator unless given). */
  move<T = unknown>(id: string, submitTo: Entry[], client?: ApiClient, preview?: boolean): Promise<CallResult<T>>;
}

/** Starts a server on `target` before the describe's tests, with an engine world of Acme holding the
 *  drawings and the administrator signed in; closes it after them. */
export function interventionWorld(target: DatabaseTarget, setup: InterventionSetup): InterventionWorld {
  let server: TestServer;
  let world: EngineWorld;
  let engine: Runtime;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', setup.prefix);
    engine = runtimeOf(server, world, await runtimeAccess(server.db, world));
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    await installCorpus(server.db, world, setup.files, setup.groups ?? [], (group) =>
      group === 'management' ? world.users.r2 : world.users.r1,
    );
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  return {
    get server() {
      return server;
    },
    get world() {
      return world;
    },
    get engine() {
      return engine;
    },
    get admin() {
      return admin;
    },
    openTasks: (id) => openTaskAssignees(server.db, id),
    others: async (id) =>
      (await admin.call<OtherNode[]>('GET', '/authtime/domain/workflow/intervention/othernodes', { query: { id } }))
        .reply.data!,
    move: <T>(id: string, submitTo: Entry[], client: ApiClient = admin, preview = false) =>
      client.call<T>('POST', `/authtime/domain/workflow/intervention/${preview ? 'preview' : 'doflow'}`, {
        query: { id },
        body: { submitTo, comment: setup.comment },
      }),
  };
}
