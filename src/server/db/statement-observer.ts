// What the database layer calls around every statement a pooled connection runs, so that whoever
// watches statements (the performance monitor, docs/adr/0062-performance-monitor.md) is handed in by
// the one who opens the database instead of being imported by it (docs/adr/0102-no-import-cycles.md).
export type StatementObserver = <R extends { rows?: unknown[] }>(text: string, run: () => Promise<R>) => Promise<R>;

/** Runs each statement as it is: for tools and tests that watch nothing. */
export const unobserved: StatementObserver = (_text, run) => run();
