// A fuzz sender's session, kept across inputs that end it (docs/adr/0175-api-walks-keep-sessions.md): an
// accepted sign-out deletes the session's row, and signing in again costs a password hash (scrypt, about
// 50 CPU-ms). The row as it was after the sign-in is stored back instead, so the same cookies answer again,
// as they would for a fresh sign-in of the same user; only when that does not revive the session (the user
// changed or locked, not a case the walks make) does it sign in again.
import { SESSION_COOKIE } from '../../../src/core/envelope.ts';
import { storedIdOf } from '../../../src/server/auth/sessions.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { sessionAlive } from './send.ts';

type Language = 'en' | 'zh' | 'cn';

export class KeptSession {
  private constructor(
    private readonly server: TestServer,
    private readonly login: { username: string; password: string; language: Language },
    public client: ApiClient,
    private row: Record<string, unknown>,
  ) {}

  /** Signs the user in and keeps its session's row. */
  static async open(server: TestServer, username: string, password: string, language: Language): Promise<KeptSession> {
    const client = await server.signedIn(username, password, language);
    return new KeptSession(server, { username, password, language }, client, await rowOf(server, client));
  }

  /** After a 401 to one of its inputs: 'alive' when the session still answers (the input's own refusal),
   *  'restored' when its stored row brought it back, 'signed-in' when only a new sign-in did. */
  async revive(): Promise<'alive' | 'restored' | 'signed-in'> {
    if (await sessionAlive(this.client)) return 'alive';
    await this.server.db
      .insertInto('sessions')
      .values(this.row as never)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    if (await sessionAlive(this.client)) return 'restored';
    const { username, password, language } = this.login;
    this.client = await this.server.signedIn(username, password, language);
    this.row = await rowOf(this.server, this.client);
    return 'signed-in';
  }
}

async function rowOf(server: TestServer, client: ApiClient): Promise<Record<string, unknown>> {
  const id = storedIdOf(client.cookies.get(SESSION_COOKIE) ?? '');
  return server.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
