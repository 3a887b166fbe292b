// What the operation log costs a call (docs/adr/0056-operation-log.md): the same logged call (marking the messages read, a PUT; searches are not logged) timed
// with the log written and with the writer switched off, in alternating rounds on one server, so load
// on the machine weighs on both alike. Entries are written after the reply, so the figure a caller
// sees should barely move; the figures are printed for the record and checked only loosely.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import type { LogWriter } from '../../src/server/operation-log/log-writer.ts';

const targets = await databaseTargets();
const ROUNDS = 4;
const CALLS = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe.each(targets)('operation log overhead on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
  });
  afterAll(() => server?.close());

  it('adds next to nothing to the time a logged call takes', async () => {
    const services = server.app.services;
    const writer = services.operationLog;
    const off: LogWriter = { append: () => undefined, idle: () => Promise.resolve() };
    const timed: Record<'on' | 'off', number[]> = { on: [], off: [] };
    await writer.idle();
    const before = Number(
      (
        await server.db
          .selectFrom('operation_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['on', 'off'] as const) {
        services.operationLog = mode === 'on' ? writer : off;
        for (let i = 0; i < CALLS; i++) {
          const start = performance.now();
          const { reply } = await admin.call('PUT', '/authtime/messages/read');
          timed[mode].push(performance.now() - start);
          expect(reply.errcode).toBe(0);
        }
      }
    }
    services.operationLog = writer;
    const drainStart = performance.now();
    await writer.idle();
    const drained = performance.now() - drainStart;
    const after = Number(
      (
        await server.db
          .selectFrom('operation_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const [on, offMs] = [median(timed.on), median(timed.off)];
    console.log(
      `operation log on ${target.name}: median ${on.toFixed(2)} ms logged, ${offMs.toFixed(2)} ms not logged (${ROUNDS * CALLS} calls each); ${drained.toFixed(0)} ms left to write after the last reply`,
    );
    // Every logged call was written, and none while switched off.
    expect(after - before).toBe(ROUNDS * CALLS);
    expect(on).toBeLessThan(offMs * 2 + 5);
  });
});
