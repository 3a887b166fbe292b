// Where an API test file's CPU goes (docs/adr/0158-api-tests-less-cpu-per-probe.md). With
// ATRIUM_CPU_TIME=1 each file prints the CPU (user + system) its worker spent on it, its hooks
// included; with ATRIUM_CPU_PROFILE=<dir> it also writes a V8 CPU profile of the worker (server,
// client and PGlite share the process) to <dir>/<file>.cpuprofile, read by tests/support/profile-top.ts.
// `node --cpu-prof` cannot do it: NODE_OPTIONS refuses it, and vitest ends its workers before the
// flag's file is written.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const dir = process.env.ATRIUM_CPU_PROFILE;
if (dir || process.env.ATRIUM_CPU_TIME) {
  const session = dir ? new Session() : undefined;
  let started: NodeJS.CpuUsage;
  beforeAll(async () => {
    started = process.cpuUsage();
    if (!session) return;
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 2000 });
    await session.post('Profiler.start');
  });
  afterAll(async () => {
    const file = basename(expect.getState().testPath ?? 'unknown');
    const used = process.cpuUsage(started);
    console.log(
      `cpu ${file}: ${((used.user + used.system) / 1e6).toFixed(1)} s (user ${(used.user / 1e6).toFixed(1)} s)`,
    );
    if (!session || !dir) return;
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${file}.cpuprofile`), JSON.stringify(profile));
  });
}
