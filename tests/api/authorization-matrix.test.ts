// The generated authorization matrix (docs/security.md "Authorization matrix"): every catalogue call ×
// nine caller kinds × security separation off and on, each probe at a real target inside and outside
// the caller's reach, compared cell by cell with the tables in docs/security.md, and a refused probe
// must write nothing. The walks themselves are authorization-matrix-<database>-<mode>.test.ts (one file
// each, so they run in parallel: authorization/matrix-suite.ts); this file checks that every call has
// a probe (derived from its catalogue entry, or written in probes.ts) and a documented row, and that
// the calls each caller kind is told match the matrix.
// Run all of it with `npx vitest run --project api tests/api/authorization-matrix`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '../../src/core/catalogue/types.ts';
import { writeConfig } from '../../src/server/db/config-store.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { makeWorld, type World } from './authorization/fixtures.ts';
import { documentedMatrix, type Mode } from './authorization/matrix-table.ts';
import { ONLY, sortedCalls, targetsNamed } from './authorization/matrix-suite.ts';
import { PROBE_ADDITIONS, PROBES, probeOf } from './authorization/probes.ts';
import { looseParams, underivable } from './authorization/derived-probes.ts';

const targets = await targetsNamed();

describe.each(targets)('authorization matrix on $name', (target) => {
  let server: TestServer;
  let world: World;
  let calls: CallDef[];

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeWorld(server);
    calls = sortedCalls(server);
  });
  afterAll(async () => {
    if (server) await writeConfig(server.db, { isOpenSecurity: false });
    await server?.close();
  });

  it('has a probe and a documented row in both modes for every call, and nothing else', () => {
    const ids = calls.map((c) => c.id);
    expect(
      calls.filter((c) => !probeOf(c)).map((c) => `${c.id}: ${underivable(c)}`),
      'calls without a probe (neither derived from the catalogue nor written in probes.ts)',
    ).toEqual([]);
    expect(
      [...Object.keys(PROBES), ...Object.keys(PROBE_ADDITIONS)].filter((id) => !ids.includes(id)),
      'probes of no call',
    ).toEqual([]);
    // probes.ts writes a whole probe only where the catalogue cannot place it: a path parameter that is
    // no target (a fixture's id), or a tenant's target that lies in the body or behind a fixture.
    expect(
      calls
        .filter((c) => PROBES[c.id] && looseParams(c).length === 0 && (PROBES[c.id].scope === 'single' || c.target))
        .map((c) => c.id),
      'whole probes of calls whose request the catalogue places (write PROBE_ADDITIONS instead)',
    ).toEqual([]);
    expect(
      calls.filter((c) => PROBES[c.id] && PROBE_ADDITIONS[c.id]).map((c) => c.id),
      'calls with both a written probe and additions',
    ).toEqual([]);
    for (const mode of ['off', 'on'] as const) {
      const documented = documentedMatrix(mode);
      expect(
        ids.filter((id) => !documented.has(id)),
        `calls without a row (separation ${mode})`,
      ).toEqual([]);
      expect(
        [...documented.keys()].filter((id) => !ids.includes(id)),
        `rows of no call (separation ${mode})`,
      ).toEqual([]);
    }
  });

  // The console shows a tile, route, tab or action only for the calls the current user's `calls`
  // names (src/console/session/reach.ts). That list must be the matrix's: a call left out is refused
  // at every target (the console hides nothing the server allows), and a call refused at every target
  // is left out (the console shows nothing the server refuses outright).
  it.each(['off', 'on'] as const)(
    'tells every signed-in caller kind exactly the calls it may make, separation %s',
    async (mode: Mode) => {
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
          if (told.has(call.id) === refusedEverywhere)
            wrong.push(
              `${call.id} as ${caller.kind}: ${refusedEverywhere ? 'told allowed, refused at every target' : 'told refused, documented ' + documented.get(call.id)?.[i]}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
