// Helpers of the tests that run two server instances on one database (caches told of each other's changes).
import { ApiClient } from './api-client.ts';
import type { TestServer } from './test-server.ts';

/** The same signed-in browser talking to the other instance. */
export function onServer(client: ApiClient, server: TestServer): ApiClient {
  const other = new ApiClient(server.url);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/** Polls until `check` holds (another instance hears a change a moment after its commit). */
export async function eventually(check: () => Promise<boolean>, withinMs = 3000): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
