// Where the jobs bench's wall time goes (docs/adr/0166-timer-firing-wall-time-traced.md): each
// bench server's poller appends its claims and groups to a trace file (serve.ts, BENCH_JOBS_TRACE); this
// sums them per server from the due time on: when it first claimed and last fired, its claims' time, its
// lanes' busy share of the firing window, the gaps with no group in flight, and its own CPU over the window.
import { readFileSync } from 'node:fs';
import type { PollerEvent } from '../../src/server/workflow/waits/job-poller.ts';

type Traced = PollerEvent & { cpuMs: number };

/** The machine's busy and total jiffies (/proc/stat's first line): busy share between two readings. */
export function machineCpu(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - fields[3] - fields[4], total };
}

const s = (ms: number) => (ms / 1000).toFixed(2);

/** One line per server's trace, times in seconds after `due`. */
export function traceLines(paths: string[], due: number): string[] {
  return paths.map((path, n) => {
    const events = readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Traced)
      .filter((e) => e.end >= due);
    const claims = events.filter((e) => e.kind === 'claim' && e.claimed > 0);
    const groups = events.filter((e) => e.kind === 'group');
    if (claims.length === 0 || groups.length === 0) return `server ${n + 1}: fired nothing`;
    const first = claims[0].start;
    const last = Math.max(...groups.map((g) => g.end));
    const window = last - first;
    const lanes = Math.max(...groups.map((g) => (g.kind === 'group' ? g.lane : 0))) + 1;
    const busy = groups.reduce((sum, g) => sum + g.end - g.start, 0);
    const durations = groups.map((g) => g.end - g.start).sort((a, b) => a - b);
    // Time in the window with no group in flight (claims, sleeps, the loop between rounds).
    let covered = 0;
    let reach = first;
    for (const g of [...groups].sort((a, b) => a.start - b.start)) {
      if (g.end <= reach) continue;
      covered += g.end - Math.max(g.start, reach);
      reach = g.end;
    }
    const inWindow = events.filter((e) => e.start >= first);
    const cpu = inWindow[inWindow.length - 1].cpuMs - inWindow[0].cpuMs;
    return (
      `server ${n + 1}: first claim +${s(first - due)} s, last fired +${s(last - due)} s; ` +
      `${claims.length} claims (${s(claims.reduce((sum, c) => sum + c.end - c.start, 0))} s), ` +
      `${groups.length} groups of ${(groups.reduce((sum, g) => sum + (g.kind === 'group' ? g.size : 0), 0) / groups.length).toFixed(1)} ` +
      `(median ${durations[durations.length >> 1].toFixed(0)} ms, p90 ${durations[Math.floor(durations.length * 0.9)].toFixed(0)} ms); ` +
      `${lanes} lanes busy ${((busy / (lanes * window)) * 100).toFixed(0)} % of the window, no group in flight ${s(window - covered)} s; ` +
      `node CPU ${s(cpu)} s (${((cpu / window) * 100).toFixed(0)} % of a core)`
    );
  });
}
