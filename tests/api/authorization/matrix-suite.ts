// The authorization matrix's walk (docs/security.md "Authorization matrix"), shared by its test files:
// every catalogue call × nine caller kinds in one separation mode on one database, each probe at a real
// target inside and outside the caller's reach (built from the catalogue with probes.ts), compared cell
// by cell with the documented table. A refused probe must also have written nothing: row triggers log
// every committed write to any table (tests/api/fuzz/write-log.ts, operation log, sessions and rate
// counters excepted), read once after the probe's own fixtures are made and once after its answer. One file per database and mode
// (docs/adr/0065-test-files-split.md), so the four walks run on both cores at once. With both databases,
// each walk probes half the calls and every call is still walked in both modes and on both databases
// (mode-share.ts; ATRIUM_MATRIX_DEAL=off walks every call in all four).
// ATRIUM_MATRIX_OUT=file writes the tables as answered, for a reviewer to read against the doc (whole
// tables with ATRIUM_MATRIX_DEAL=off).
// ATRIUM_MATRIX_CALLS=regex probes only the calls whose id matches (while building a call; CI probes all).
// ATRIUM_CATALOGUE_EXTRA=root walks an extension's calls too (their cells: authorization/crud-probes.ts).
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '../../../src/core/catalogue/types.ts';
import { writeConfig } from '../../../src/server/db/config-store.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { databaseTargets, type DatabaseTarget } from '../helpers/databases.ts';
import { walksCall } from './mode-share.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { installWriteLog, writeReader, type WriteReader } from '../fuzz/write-log.ts';
import { CALLER_KINDS, makeWorld, type Caller, type Tenant, type World } from './fixtures.ts';
import { cell, documentedMatrix, formatMatrix, type Mode } from './matrix-table.ts';
import type { Probe, ProbeRequest } from './derived-probes.ts';
import { probeOf } from './probes.ts';
import { crudExpectation } from './crud-probes.ts';
import { extraRoots } from '../helpers/extra-roots.ts';

const REFUSALS = new Set(['401', '403', '404']);
export const ONLY = process.env.ATRIUM_MATRIX_CALLS ? new RegExp(process.env.ATRIUM_MATRIX_CALLS) : undefined;

const SETUP_TIMEOUT = 600_000;

/** The database targets named, of those this run tests (PostgreSQL unless ATRIUM_TEST_POSTGRES=off). */
export async function targetsNamed(name?: DatabaseTarget['name']): Promise<DatabaseTarget[]> {
  return (await databaseTargets()).filter((t) => name === undefined || t.name === name);
}

/** The calls of the catalogue in id order. */
export const sortedCalls = (server: TestServer): CallDef[] =>
  Object.values(server.catalogue.calls).sort((a, b) => a.id.localeCompare(b.id));

/** What one probe answered, as a cell token. `errors` collects the messages of other error codes. */
async function outcome(
  world: World,
  call: CallDef,
  probe: Probe,
  caller: Caller,
  target: Tenant,
  request: ProbeRequest,
  errors: string[],
): Promise<string> {
  const client = request.ownClient ? new ApiClient(world.server.url, 'en') : caller.client;
  const response = await client.raw(call.method, request.path, {
    query: request.query,
    body: request.body,
    form: request.form,
  });
  if (response.status === 401) return '401';
  const text = await response.text();
  if (response.status >= 500) return `HTTP${response.status}`;
  let reply: { errcode?: number; errmsg?: string; data?: unknown } | undefined;
  try {
    reply = JSON.parse(text) as typeof reply;
  } catch {
    reply = undefined; // an image or a file: only a success answers so
  }
  const errcode = reply && typeof reply === 'object' && 'errcode' in reply ? reply.errcode : 0;
  if (errcode === 1403) return '403';
  if (errcode === 1404) return '404';
  if (errcode !== 0) {
    errors.push(`${call.id} as ${caller.kind}: E${errcode} ${reply?.errmsg ?? ''}`);
    return `E${errcode}`;
  }
  if (probe.shows && !probe.shows(reply?.data, target)) return '404';
  await probe.settle?.(world, caller);
  return '✓';
}

/** Registers the walk of every call in `mode` on the database `name` (skipped, by name, with
 *  ATRIUM_TEST_POSTGRES=off). */
export async function matrixSuite(name: DatabaseTarget['name'], mode: Mode): Promise<void> {
  const targets = await targetsNamed(name);
  const names = (await databaseTargets()).map((t) => t.name);
  const deal = process.env.ATRIUM_MATRIX_DEAL !== 'off';
  if (targets.length === 0) {
    describe.skip(`authorization matrix on ${name} (ATRIUM_TEST_POSTGRES=off), separation ${mode}`, () =>
      it('walks every call', () => undefined));
    return;
  }
  describe.each(targets)(`authorization matrix on $name, separation ${mode}`, (target) => {
    let server: TestServer;
    let world: World;
    let writes: WriteReader;

    // Starting the server, signing in and installing the write log: seconds on a quiet machine, minutes
    // on one shared by other suites (a 120 s limit was hit at load 20 on 2 cores). For a stuck start only.
    beforeAll(async () => {
      server = await startTestServer(target, { extraCatalogueRoots: extraRoots() });
      world = await makeWorld(server);
      await installWriteLog(server.db);
      writes = writeReader(server.database);
      await writeConfig(server.db, { isOpenSecurity: mode === 'on' });
    }, SETUP_TIMEOUT);
    afterAll(async () => {
      if (server) await writeConfig(server.db, { isOpenSecurity: false });
      await server?.close();
    });

    it(`answers every call to every caller kind as documented, separation ${mode}`, async () => {
      const errors: string[] = [];
      const changed: string[] = [];
      const observedCell = async (call: CallDef, caller: Caller): Promise<string> => {
        const probe = probeOf(call)!;
        const at = async (t: Tenant) => {
          // The probe's own fixtures are made first; then nothing may be written unless the call is allowed.
          const request = await probe.request(world, caller, t);
          await writes(); // read past the fixtures
          const token = await outcome(world, call, probe, caller, t, request, errors);
          const written = await writes();
          if (REFUSALS.has(token) && written.length > 0)
            changed.push(`${call.id} as ${caller.kind} (${token}) wrote ${[...new Set(written)].join(', ')}`);
          return token;
        };
        if (probe.scope === 'single') return at(caller.home);
        return cell(await at(caller.home), await at(caller.away));
      };
      const observed = new Map<string, string[]>();
      for (const [index, call] of sortedCalls(server).entries()) {
        if (ONLY && !ONLY.test(call.id)) continue;
        if (!walksCall(names, target.name, mode, index, deal)) continue;
        const cells: string[] = [];
        for (const caller of world.callers) cells.push(await observedCell(call, caller));
        observed.set(call.id, cells);
        // A probe's write-log read was skipped when nothing was announced (fuzz/write-log.ts): none went unheard.
        const unannounced = await writes.confirm();
        if (unannounced.length > 0)
          changed.push(`${call.id}: wrote unannounced ${[...new Set(unannounced)].join(', ')}`);
      }
      console.log(
        `matrix on ${target.name}, separation ${mode}: ${observed.size} calls, ${writes.counts.reads} write-log reads (${writes.counts.skipped} skipped, nothing announced)`,
      );
      if (process.env.ATRIUM_MATRIX_OUT)
        writeFileSync(`${process.env.ATRIUM_MATRIX_OUT}.${target.name}.${mode}.md`, formatMatrix(mode, observed));
      const documented = documentedMatrix(mode);
      const wrong: string[] = [];
      for (const [id, cells] of observed) {
        const call = server.catalogue.calls[id];
        const expected =
          documented.get(id) ?? (call.crud ? crudExpectation(call, server.catalogue.calls, documented) : undefined);
        if (typeof expected === 'string') {
          wrong.push(expected);
          continue;
        }
        cells.forEach((got, i) => {
          const want = expected?.[i];
          if (got !== want) wrong.push(`${id} as ${CALLER_KINDS[i]}: answered ${got}, documented ${want}`);
        });
      }
      expect(
        wrong,
        `${observed.size * CALLER_KINDS.length} cells; other error codes answered: ${errors.join('; ')}`,
      ).toEqual([]);
      expect(changed, 'refused but changed data').toEqual([]);
      // About 2,000 probes (half of 237 calls), each with its fixtures: minutes on a machine busy with other
      // suites. The limit is for a stuck probe, not a slow machine.
    }, 900_000);
  });
}
