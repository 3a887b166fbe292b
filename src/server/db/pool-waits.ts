// How long borrowers wait for a database connection (docs/adr/0062-performance-monitor.md), for both pools: the borrowers waiting now
// (their count and the longest of their waits so far) and, since the start, how many connections were
// handed out, the average and the longest wait.
export interface PoolWaitFigures {
  /** Borrowers waiting for a connection now. */
  waiting: number;
  /** The longest wait among those waiting now, ms (0 when nobody waits). */
  longestWaitMs: number;
  /** Connections handed out since the start. */
  acquired: number;
  /** Their average and longest wait, ms. */
  averageWaitMs: number;
  maxWaitMs: number;
  /** Their waits added up, ms: with `acquired`, a counter a scraper turns into an average over any
   *  window (`/metrics`, docs/adr/0089-metrics-conventions.md). */
  totalWaitMs: number;
}

export class PoolWaits {
  private next = 0;
  /** Waiting borrowers by number → when they asked; insertion order, so the first is the oldest. */
  private readonly since = new Map<number, number>();
  private acquired = 0;
  private waitTotal = 0;
  private maxWait = 0;

  /** Runs `connect`, timing the wait for its connection. */
  async time<T>(connect: () => Promise<T>): Promise<T> {
    const id = ++this.next;
    const asked = performance.now();
    this.since.set(id, asked);
    try {
      return await connect();
    } finally {
      this.since.delete(id);
      const waited = performance.now() - asked;
      this.acquired++;
      this.waitTotal += waited;
      if (waited > this.maxWait) this.maxWait = waited;
    }
  }

  figures(): PoolWaitFigures {
    const oldest = this.since.values().next();
    const round = (ms: number) => Math.round(ms * 100) / 100;
    return {
      waiting: this.since.size,
      longestWaitMs: oldest.done ? 0 : round(performance.now() - oldest.value),
      acquired: this.acquired,
      averageWaitMs: this.acquired > 0 ? round(this.waitTotal / this.acquired) : 0,
      maxWaitMs: round(this.maxWait),
      totalWaitMs: round(this.waitTotal),
    };
  }
}
