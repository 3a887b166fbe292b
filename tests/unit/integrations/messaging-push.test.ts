// The push of users without a network: batches, the fallback to one user at a time when a batch is
// refused, nickname updates for existing users, failures counted with the service's reason, and a
// refused token stopping the push before any registration.
import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_USER,
  MessagingFailure,
  type MessagingClient,
  type MessagingUser,
} from '../../../src/server/integrations/messaging/messaging-client.ts';
import { BATCH_SIZE, pushUsers } from '../../../src/server/integrations/messaging/push-users.ts';

const user = (n: number): MessagingUser => ({ username: `u${n}`, nickname: `User ${n}`, password: 'p' });

/** A client over an in-memory service; `refuse` names users it will not register. */
function memoryClient(existing: string[] = [], refuse: string[] = [], token: () => string = () => 't') {
  const users = new Set(existing);
  const calls: string[] = [];
  const client = {
    token: async () => token(),
    register: async (_t: string, batch: MessagingUser[]) => {
      calls.push(`register ${batch.length}`);
      const bad = batch.find((u) => refuse.includes(u.username));
      if (bad) throw new MessagingFailure(`username ${bad.username} is not legal`, 400, 'illegal_argument');
      if (batch.some((u) => users.has(u.username))) throw new MessagingFailure('exists', 400, DUPLICATE_USER);
      for (const u of batch) users.add(u.username);
    },
    updateNickname: async (_t: string, u: MessagingUser) => void calls.push(`update ${u.username}`),
  } as unknown as MessagingClient;
  return { client, calls, users };
}

describe('pushUsers', () => {
  it('registers in batches of the service limit', async () => {
    const { client, calls } = memoryClient();
    const outcome = await pushUsers(
      client,
      Array.from({ length: BATCH_SIZE * 2 + 1 }, (_, n) => user(n)),
    );
    expect(outcome).toEqual({
      total: BATCH_SIZE * 2 + 1,
      created: BATCH_SIZE * 2 + 1,
      updated: 0,
      failed: 0,
      failures: [],
    });
    expect(calls).toEqual([`register ${BATCH_SIZE}`, `register ${BATCH_SIZE}`, 'register 1']);
  });

  it('retries a refused batch user by user: existing users updated, refused ones reported', async () => {
    const { client, calls } = memoryClient(['u1'], ['u2']);
    const outcome = await pushUsers(client, [user(0), user(1), user(2)]);
    expect(outcome).toEqual({
      total: 3,
      created: 1,
      updated: 1,
      failed: 1,
      failures: [{ username: 'u2', reason: 'illegal_argument' }],
    }); // the service's code, never its words
    expect(calls).toEqual(['register 3', 'register 1', 'register 1', 'update u1', 'register 1']);
  });

  it('stops before any registration when the token is refused', async () => {
    const { client, calls } = memoryClient([], [], () => {
      throw new MessagingFailure('bad client', 401, 'invalid_grant');
    });
    await expect(pushUsers(client, [user(0)])).rejects.toMatchObject({ reason: 'bad client' });
    expect(calls).toEqual([]);
  });

  it('asks for no token when there is nobody to push', async () => {
    const { client } = memoryClient([], [], () => {
      throw new Error('no token expected');
    });
    expect(await pushUsers(client, [])).toMatchObject({ total: 0, created: 0 });
  });
});
