// Browser tests share one server process per worker across their files (docs/adr/0113-browser-tests-share-a-server.md):
// between two files the test runner tells the process, over its IPC channel, to close the app and the
// database and start again on a fresh copy of the prepared data directory with that file's settings,
// which costs about half a start (the modules stay loaded). Only a process started with
// ATRIUM_TEST_RESET=on by a parent holding its IPC channel accepts it, on the embedded database only;
// nothing reaches it over the network.
import { PerfMonitors, perfMonitors } from './monitoring/perf-monitor.ts';

export const TEST_RESET_ENV = 'ATRIUM_TEST_RESET';

/** Sent by the test runner: the environment changes for the next file (null: unset), DATA_DIR among them. */
export interface TestResetRequest {
  atriumTestReset: { env: Record<string, string | null> };
}

/** The process's answer to a reset: started again, or why not. */
export type TestResetAnswer = { atriumTestReset: 'ready' } | { atriumTestReset: 'failed'; error: string };

/** Whether this start accepts resets; a wish it cannot honour stops the start rather than being ignored. */
export function testResetsWanted(env: NodeJS.ProcessEnv): boolean {
  const setting = env[TEST_RESET_ENV];
  if (setting === undefined || setting === '' || setting === 'off') return false;
  if (setting !== 'on') throw new Error(`${TEST_RESET_ENV} must be "on" or "off", not "${setting}"`);
  if (env.DATABASE_URL)
    throw new Error(`${TEST_RESET_ENV}=on is for the embedded database of browser tests, not PostgreSQL`);
  if (typeof process.send !== 'function')
    throw new Error(`${TEST_RESET_ENV}=on needs a parent test process holding this process's IPC channel`);
  return true;
}

const isRequest = (message: unknown): message is TestResetRequest =>
  typeof message === 'object' && message !== null && 'atriumTestReset' in message;

/** State kept by the process rather than by an app: the performance monitors' figures and switches. */
function resetProcessState(): void {
  const fresh = new PerfMonitors();
  perfMonitors.reset();
  perfMonitors.set({
    interfaces: fresh.interfaces,
    sql: fresh.sql,
    exceptions: fresh.exceptions,
    resultSet: fresh.resultSet,
  });
}

/** Answers the runner's resets: `stop` closes the running app and database, `start` opens them again
 *  from `process.env` (then carrying the file's settings). */
export function acceptTestResets(stop: () => Promise<void>, start: () => Promise<void>): void {
  process.on('message', (message: unknown) => {
    if (!isRequest(message)) return;
    const answer = (reply: TestResetAnswer) => process.send!(reply);
    void (async () => {
      await stop();
      for (const [name, value] of Object.entries(message.atriumTestReset.env)) {
        if (value === null) delete process.env[name];
        else process.env[name] = value;
      }
      resetProcessState();
      await start();
    })().then(
      () => answer({ atriumTestReset: 'ready' }),
      (error: unknown) => answer({ atriumTestReset: 'failed', error: String((error as Error)?.stack ?? error) }),
    );
  });
}
