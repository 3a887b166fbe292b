// The performance monitor (JAMon style, docs/adr/0062-performance-monitor.md): per route (call id), per SQL statement (normalised text)
// and per failure label, the running figures JAMon keeps — hits, total, mean and variance (Welford),
// last, min, max, the number active now, the average and maximum active when one started, the first and
// last access — plus hits and total per time range (JAMon's "ms." ranges). One set per process, as
// JAMon's MonitorFactory: each server instance measures itself. The hot path is a few additions on an
// object made once per label and two clock reads per measured hit; nothing is allocated per hit.

/** Upper bounds of JAMon's "ms." ranges (the last range is everything above 20,480 ms). */
export const MS_RANGES = [10, 20, 40, 80, 160, 320, 640, 1280, 2560, 5120, 10240, 20480] as const;
export const MS = 'ms.';
export const EXCEPTION = 'Exception';
export const ROWS = 'rows';
/** Beyond this many labels new ones are counted under one overflow label: memory stays bounded. */
const MAX_MONITORS = 5000;
const OVERFLOW = 'other (more than 5,000 labels)';
/** performance.now()'s zero on the wall clock (ms since 1970). */
const TIME_ORIGIN = performance.timeOrigin;

export class Monitor {
  hits = 0;
  total = 0;
  mean = 0;
  m2 = 0;
  last = 0;
  min = 0;
  max = 0;
  active = 0;
  activeTotal = 0;
  maxActive = 0;
  firstAccess = 0;
  lastAccess = 0;
  /** Hits and total per range (timings only). */
  readonly rangeHits: Uint32Array | null;
  readonly rangeTotals: Float64Array | null;

  constructor(
    readonly label: string,
    readonly units: string,
  ) {
    this.rangeHits = units === MS ? new Uint32Array(MS_RANGES.length + 1) : null;
    this.rangeTotals = units === MS ? new Float64Array(MS_RANGES.length + 1) : null;
  }

  /** A measured thing begins: counts it active and answers the start time for `stop`. */
  start(): number {
    const active = ++this.active;
    this.activeTotal += active;
    if (active > this.maxActive) this.maxActive = active;
    return performance.now();
  }

  /** Ends what `start` began. One clock read serves the duration and the access time. `record` false:
   *  measuring was switched off meanwhile, so it only stops counting as active. */
  stop(started: number, record = true): void {
    this.active--;
    if (!record) return;
    const now = performance.now();
    this.record(now - started, now);
  }

  /** Adds one value (a count, a number of rows); `counted` adds it to the active figures as well. */
  add(value: number, counted = true): void {
    if (counted) {
      this.activeTotal += this.active + 1;
      if (this.active + 1 > this.maxActive) this.maxActive = this.active + 1;
    }
    this.record(value, performance.now());
  }

  /** One value at `now` (performance.now()). The access times are the process's start on the wall
   *  clock plus the monotonic time: a clock read costs 0.1–0.2 µs on a virtual machine, so the hot
   *  path reads one clock per hit, not a second one for the date. */
  private record(value: number, now: number): void {
    const hits = ++this.hits;
    const at = TIME_ORIGIN + now;
    if (hits === 1) {
      this.firstAccess = at;
      this.min = value;
      this.max = value;
    } else if (value < this.min) this.min = value;
    else if (value > this.max) this.max = value;
    this.lastAccess = at;
    this.last = value;
    this.total += value;
    const delta = value - this.mean;
    this.mean += delta / hits;
    this.m2 += delta * (value - this.mean);
    if (this.rangeHits && this.rangeTotals) {
      let range = 0;
      while (range < MS_RANGES.length && value >= MS_RANGES[range]) range++;
      this.rangeHits[range]++;
      this.rangeTotals[range] += value;
    }
  }

  reset(): void {
    this.hits = this.total = this.mean = this.m2 = this.last = this.min = this.max = 0;
    this.activeTotal = this.firstAccess = this.lastAccess = 0;
    this.maxActive = this.active;
    this.rangeHits?.fill(0);
    this.rangeTotals?.fill(0);
  }

  /** The sample standard deviation, as JAMon's. */
  get stdDev(): number {
    return this.hits > 1 ? Math.sqrt(this.m2 / (this.hits - 1)) : 0;
  }

  get avgActive(): number {
    return this.hits > 0 ? this.activeTotal / this.hits : 0;
  }
}

/** What is measured: JAMon's proxy switches (interfaces are the API's routes). */
export interface MonitorSwitches {
  interfaces: boolean;
  sql: boolean;
  exceptions: boolean;
  resultSet: boolean;
}

/** `$1, $2, $3` → `?, …`; whitespace folded; so one statement is one label whatever its values. */
export function normaliseSql(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '?')
    .replace(/\?(?:\s*,\s*\?)+/g, '?, …')
    .trim();
}

export class PerfMonitors implements MonitorSwitches {
  interfaces = true;
  sql = true;
  exceptions = true;
  resultSet = false;
  private readonly monitors = new Map<string, Monitor>();
  /** Statement text as sent → its monitor (the text as Kysely compiles it repeats exactly). */
  private readonly statements = new Map<string, Monitor>();

  get enabled(): boolean {
    return this.interfaces || this.sql || this.exceptions;
  }

  set(switches: Partial<MonitorSwitches>): void {
    Object.assign(this, switches);
  }

  monitor(label: string, units: string): Monitor {
    const key = `${units}\u0000${label}`;
    let found = this.monitors.get(key);
    if (!found) {
      if (this.monitors.size >= MAX_MONITORS) return this.monitor(OVERFLOW, units);
      found = new Monitor(label, units);
      this.monitors.set(key, found);
    }
    return found;
  }

  /** The monitor of one SQL statement (its normalised text). */
  statement(text: string): Monitor {
    let found = this.statements.get(text);
    if (!found) {
      found = this.monitor(`sql: ${normaliseSql(text)}`, MS);
      if (this.statements.size < MAX_MONITORS) this.statements.set(text, found);
    }
    return found;
  }

  /** Counts one failure under its label, when exceptions are measured. */
  exception(label: string): void {
    if (this.exceptions) this.monitor(`exception: ${label}`, EXCEPTION).add(1);
  }

  /** JAMon's ReSet: every figure back to zero (the monitors stay, so routes keep theirs). */
  reset(): void {
    for (const monitor of this.monitors.values()) monitor.reset();
  }

  /** The monitors that measured something since the last reset. */
  measured(): Monitor[] {
    return [...this.monitors.values()].filter((m) => m.hits > 0 || m.active > 0);
  }
}

/** The process's monitors (as JAMon's static factory): the routes, the database and the error handler
 *  of every app in this process report here. */
export const perfMonitors = new PerfMonitors();

/** Measures one statement on a connection (both pools call it): its time, its rows when result sets are
 *  measured, and its failure under the database's error code. */
export function measuredQuery<R extends { rows?: unknown[] }>(text: string, run: () => Promise<R>): Promise<R> {
  if (!perfMonitors.sql) return run();
  const monitor = perfMonitors.statement(text);
  const started = monitor.start();
  return run().then(
    (result) => {
      // A statement begun before "Disable SQL" that ends after it is not recorded.
      monitor.stop(started, perfMonitors.sql);
      if (perfMonitors.sql && perfMonitors.resultSet)
        perfMonitors.monitor(monitor.label, ROWS).add(result.rows?.length ?? 0);
      return result;
    },
    (error: unknown) => {
      monitor.stop(started, perfMonitors.sql);
      perfMonitors.exception(`sql ${(error as { code?: string }).code ?? 'error'}`);
      throw error;
    },
  );
}
