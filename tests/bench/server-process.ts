// A server of the bench's schema in a process of its own (serve.ts through tsx), started and stopped by
// the bench: the submissions' and the jobs' two servers on one database, and the server the lists are
// measured on, so the load generator in the bench's process does not share its thread
// (docs/adr/0205-lists-bench-server-in-its-own-process.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A server of the bench's schema in a child process; answers its address and how to stop it. */
export async function serverProcess(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      new URL('./serve.ts', import.meta.url).pathname,
    ],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('{')) return { base: (JSON.parse(line) as { base: string }).base, child };
  }
  throw new Error('a bench server ended before it listened');
}

/** Stops the bench's server processes and waits until each has ended (SIGKILL after `graceMs`): one
 *  still running — its job poller claiming timers — holds locks that dropping the bench schema waits on,
 *  and the drop deadlocked with it at teardown. */
export async function stopServers(children: ChildProcess[], graceMs = 15_000): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}
