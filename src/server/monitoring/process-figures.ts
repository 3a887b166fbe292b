// What one sample of this process measures (docs/adr/0059-system-monitoring.md). The spec's figures are a JVM's; in Node they are:
// cpuLoad — the process's CPU time since the previous sample over the wall time of all the machine's
// cores, in percent (the JVM's process CPU load); threadNum — the process's operating-system threads
// (V8's, libuv's pool, PGlite's), read from /proc on Linux; heapSizeUsed — V8's heap in use;
// nonHeapSizeUsed — memory held by JavaScript objects outside that heap (buffers, WebAssembly memory
// such as PGlite's: `external`); totalMemorySize — the resident set. Sizes in MB.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export interface ProcessFigures {
  cpuLoad: number;
  threadNum: number;
  heapSizeUsed: number;
  nonHeapSizeUsed: number;
  totalMemorySize: number;
}

const MB = 1024 * 1024;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The process's operating-system threads (0 where /proc is not there). */
export function osThreads(): number {
  try {
    return Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // not Linux: the figure is unknown, drawn as 0
  }
}

/** A reader whose every call measures the CPU used since its previous call (or since it was made). */
export function processFigures(): () => ProcessFigures {
  let lastCpu = process.cpuUsage();
  let lastAt = process.hrtime.bigint();
  const cores = availableParallelism();
  return () => {
    const cpu = process.cpuUsage(lastCpu);
    const now = process.hrtime.bigint();
    const elapsedMicros = Number(now - lastAt) / 1000;
    lastCpu = process.cpuUsage();
    lastAt = now;
    const memory = process.memoryUsage();
    return {
      cpuLoad: elapsedMicros > 0 ? round(Math.min(100, ((cpu.user + cpu.system) / (elapsedMicros * cores)) * 100)) : 0,
      threadNum: osThreads(),
      heapSizeUsed: round(memory.heapUsed / MB),
      nonHeapSizeUsed: round(memory.external / MB),
      totalMemorySize: round(memory.rss / MB),
    };
  };
}
