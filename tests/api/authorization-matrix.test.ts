// The generated authorization matrix (docs/security.md "Authorization matrix"): every catalogue call ×
// nine caller kinds × security separation off and on, each probe at a real target inside and outside
// the caller's reach (probes.ts), compared cell by cell with the tables in docs/security.md. A refused
// probe must also leave every table as it was. A call without a probe or without a documented row
// fails. ATRIUM_MATRIX_OUT=file writes the tables as answered, for a reviewer to read against the doc.
// ATRIUM_MATRIX_CALLS=regex probes only the calls whose id matches (while building a call; CI probes all).
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '../../src/core/catalogue/types.ts';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { CALLER_KINDS, fingerprint, makeWorld, type Caller, type Tenant, type World } from './authorization/fixtures.ts';
import { cell, documentedMatrix, formatMatrix, type Mode } from './authorization/matrix-table.ts';
import { PROBES, type Probe, type ProbeRequest } from './authorization/probes.ts';

const targets = await databaseTargets();
const REFUSALS = new Set(['401', '403', '404']);
const ONLY = process.env.ATRIUM_MATRIX_CALLS ? new RegExp(process.env.ATRIUM_MATRIX_CALLS) : undefined;

/** The messages of answers with another error code, so a failure says why (the token cannot). */
const errorMessages: string[] = [];

/** What one probe answered, as a cell token. */
async function outcome(world: World, call: CallDef, probe: Probe, caller: Caller, target: Tenant, request: ProbeRequest): Promise<string> {
  const client = request.ownClient ? new ApiClient(world.server.url, 'en') : caller.client;
  const response = await client.raw(call.method, request.path, { query: request.query, body: request.body, form: request.form });
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
    errorMessages.push(`${call.id} as ${caller.kind}: E${errcode} ${reply?.errmsg ?? ''}`);
    return `E${errcode}`;
  }
  if (probe.shows && !probe.shows(reply?.data, target)) return '404';
  await probe.settle?.(world, caller);
  return '✓';
}

async function observedCell(world: World, call: CallDef, caller: Caller, changed: string[]): Promise<string> {
  const probe = PROBES[call.id];
  const at = async (target: Tenant) => {
    // The probe's own fixtures are made first; then nothing else may change unless the call is allowed.
    const request = await probe.request(world, caller, target);
    const before = await fingerprint(world);
    const token = await outcome(world, call, probe, caller, target, request);
    if (REFUSALS.has(token) && (await fingerprint(world)) !== before) changed.push(`${call.id} as ${caller.kind} (${token})`);
    return token;
  };
  if (probe.scope === 'single') return at(caller.home);
  return cell(await at(caller.home), await at(caller.away));
}

describe.each(targets)('authorization matrix on $name', (target) => {
  let server: TestServer;
  let world: World;
  let calls: CallDef[];

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeWorld(server);
    calls = Object.values(server.catalogue.calls).sort((a, b) => a.id.localeCompare(b.id));
  });
  afterAll(async () => {
    if (server) await writeConfig(server.db, { isOpenSecurity: false });
    await server?.close();
  });

  it('has a probe and a documented row in both modes for every call, and nothing else', () => {
    const ids = calls.map((c) => c.id);
    expect(ids.filter((id) => !PROBES[id]), 'calls without a probe').toEqual([]);
    expect(Object.keys(PROBES).filter((id) => !ids.includes(id)), 'probes of no call').toEqual([]);
    for (const mode of ['off', 'on'] as const) {
      const documented = documentedMatrix(mode);
      expect(ids.filter((id) => !documented.has(id)), `calls without a row (separation ${mode})`).toEqual([]);
      expect([...documented.keys()].filter((id) => !ids.includes(id)), `rows of no call (separation ${mode})`).toEqual([]);
    }
  });

  it.each(['off', 'on'] as const)('answers every call to every caller kind as documented, separation %s', async (mode: Mode) => {
    await writeConfig(server.db, { isOpenSecurity: mode === 'on' });
    const observed = new Map<string, string[]>();
    const changed: string[] = [];
    for (const call of calls) {
      if (ONLY && !ONLY.test(call.id)) continue;
      const cells: string[] = [];
      for (const caller of world.callers) cells.push(await observedCell(world, call, caller, changed));
      observed.set(call.id, cells);
    }
    if (process.env.ATRIUM_MATRIX_OUT) writeFileSync(`${process.env.ATRIUM_MATRIX_OUT}.${target.name}.${mode}.md`, formatMatrix(mode, observed));
    const documented = documentedMatrix(mode);
    const wrong: string[] = [];
    for (const [id, cells] of observed) {
      cells.forEach((got, i) => {
        const want = documented.get(id)?.[i];
        if (got !== want) wrong.push(`${id} as ${CALLER_KINDS[i]}: answered ${got}, documented ${want}`);
      });
    }
    expect(wrong, `${observed.size * CALLER_KINDS.length} cells; other error codes answered: ${errorMessages.join('; ')}`).toEqual([]);
    expect(changed, 'refused but changed data').toEqual([]);
    // About 3,000 probes per mode (175 calls), each with its fixtures and table fingerprints: minutes
    // on a machine busy with other suites (a run timed out at 5 with three helpers' suites alongside).
    // The limit is for a stuck probe, not a slow machine.
  }, 900_000);

  // The console shows a tile, route, tab or action only for the calls the current user's `calls`
  // names (src/console/session/reach.ts). That list must be the matrix's: a call left out is refused
  // at every target (the console hides nothing the server allows), and a call refused at every target
  // is left out (the console shows nothing the server refuses outright).
  it.each(['off', 'on'] as const)('tells every signed-in caller kind exactly the calls it may make, separation %s', async (mode: Mode) => {
    await writeConfig(server.db, { isOpenSecurity: mode === 'on' });
    const documented = documentedMatrix(mode);
    const wrong: string[] = [];
    for (const [i, caller] of world.callers.entries()) {
      if (caller.kind === 'anonymous') continue;
      const profile = await caller.client.call<{ calls: string[] }>('GET', '/authtime/myprofile');
      const told = new Set(profile.reply.data.calls);
      for (const call of calls) {
        if (ONLY && !ONLY.test(call.id)) continue;
        const refusedEverywhere = documented.get(call.id)?.[i] === '403';
        if (told.has(call.id) === refusedEverywhere) wrong.push(`${call.id} as ${caller.kind}: ${refusedEverywhere ? 'told allowed, refused at every target' : 'told refused, documented ' + documented.get(call.id)?.[i]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
