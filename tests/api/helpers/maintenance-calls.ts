// Maintenance calls for the API tests: start a job and wait (polling like the console) until its status
// no longer says in-progress.
import { expect } from 'vitest';
import type { JobStatus } from '../../../src/server/areas/maintenance/job-runner.ts';
import type { ApiClient } from './api-client.ts';

export async function jobStatus(client: ApiClient): Promise<JobStatus> {
  const { reply } = await client.call<JobStatus>('GET', '/authtime/config/clearcache/status');
  expect(reply.errcode).toBe(0);
  return reply.data;
}

export async function waitForJob(client: ApiClient, timeoutMs = 10_000): Promise<JobStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await jobStatus(client);
    if (status.status !== 'in-progress') return status;
    if (Date.now() > until) throw new Error(`maintenance job still in progress after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a job with that request and answers its final status. */
export async function runJob(
  client: ApiClient,
  method: string,
  path: string,
  query?: Record<string, string>,
): Promise<JobStatus> {
  const { reply } = await client.call<JobStatus>(method, path, { query });
  expect(reply.errcode, reply.errmsg).toBe(0);
  expect(['in-progress', 'done']).toContain(reply.data.status);
  return waitForJob(client);
}
