// A walk's signed-in caller, kept across probes that end its session (docs/adr/0175-api-walks-keep-sessions-bundled-workers.md):
// an accepted sign-out deletes the session's row (and clears the client's cookies), and signing in again
// costs a password hash (scrypt, about 50 CPU-ms). The row and cookies as they were after the sign-in are
// put back instead, so the session answers again as a fresh sign-in of the same user would; only when
// that does not revive it (the user changed or locked) does it sign in again.
import { SESSION_COOKIE } from '../../../src/core/envelope.ts';
import { storedIdOf } from '../../../src/server/auth/sessions.ts';
import type { ApiClient } from './api-client.ts';
import type { TestServer } from './test-server.ts';
import { sessionAlive } from '../fuzz/send.ts';

type Language = 'en' | 'zh' | 'cn';

export class KeptSession {
  private constructor(
    private readonly server: TestServer,
    private readonly login: { username: string; password: string; language: Language },
    /** The client the session is held by (the same object while a restore revives it). */
    public client: ApiClient,
    private row: Record<string, unknown>,
    private cookies: Map<string, string>,
  ) {}

  /** Signs the user in and keeps its session's row and cookies. */
  static async open(server: TestServer, username: string, password: string, language: Language): Promise<KeptSession> {
    const client = await server.signedIn(username, password, language);
    return new KeptSession(
      server,
      { username, password, language },
      client,
      await rowOf(server, client),
      new Map(client.cookies),
    );
  }

  /** 'alive' when the session still answers (a 401 was the probe's own refusal), 'restored' when its
   *  kept row and cookies brought it back, 'signed-in' when only a new sign-in did. */
  async revive(): Promise<'alive' | 'restored' | 'signed-in'> {
    const cookiesKept = this.client.cookies.get(SESSION_COOKIE) === this.cookies.get(SESSION_COOKIE);
    if (cookiesKept && (await sessionAlive(this.client))) return 'alive';
    await this.server.db
      .insertInto('sessions')
      .values(this.row as never)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    this.client.cookies.clear();
    for (const [name, value] of this.cookies) this.client.cookies.set(name, value);
    if (await sessionAlive(this.client)) return 'restored';
    const { username, password, language } = this.login;
    this.client = await this.server.signedIn(username, password, language);
    this.row = await rowOf(this.server, this.client);
    this.cookies = new Map(this.client.cookies);
    return 'signed-in';
  }
}

async function rowOf(server: TestServer, client: ApiClient): Promise<Record<string, unknown>> {
  const id = storedIdOf(client.cookies.get(SESSION_COOKIE) ?? '');
  return server.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
