// Pushes users to the messaging service: one token, then batches of registrations. A batch the service
// refuses (one existing user fails the whole batch) is retried user by user; an existing user gets its
// nickname updated. Counts and the first failures (with the service's error code, never its words) are reported, and the
// accounts it made are handed to `created` (an enterprise's registration records them, docs/adr/0054-cloud-centre-messaging.md).
import { DUPLICATE_USER, MessagingFailure, type MessagingClient, type MessagingUser } from './messaging-client.ts';

export const BATCH_SIZE = 60; // the service's limit per registration request
const FAILURES_REPORTED = 20;

export interface PushOutcome {
  total: number;
  created: number;
  updated: number;
  failed: number;
  failures: Array<{ username: string; reason: string }>;
}

export async function pushUsers(
  client: MessagingClient,
  users: MessagingUser[],
  created: (usernames: string[]) => void = () => undefined,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { total: users.length, created: 0, updated: 0, failed: 0, failures: [] };
  const fail = (username: string, error: unknown) => {
    outcome.failed++;
    if (outcome.failures.length < FAILURES_REPORTED)
      outcome.failures.push({
        username,
        reason: error instanceof MessagingFailure ? error.shownReason : String(error),
      });
  };
  if (users.length === 0) return outcome;
  const token = await client.token(); // a refused token stops the push: nothing can be sent
  for (let start = 0; start < users.length; start += BATCH_SIZE) {
    const batch = users.slice(start, start + BATCH_SIZE);
    try {
      await client.register(token, batch);
      outcome.created += batch.length;
      created(batch.map((u) => u.username));
      continue;
    } catch (error) {
      if (!(error instanceof MessagingFailure) || error.status === 0) {
        for (const user of batch) fail(user.username, error);
        continue;
      }
    }
    for (const user of batch) {
      try {
        await client.register(token, [user]);
        outcome.created++;
        created([user.username]);
      } catch (error) {
        if (!(error instanceof MessagingFailure && error.code === DUPLICATE_USER)) {
          fail(user.username, error);
          continue;
        }
        try {
          await client.updateNickname(token, user);
          outcome.updated++;
        } catch (updateError) {
          fail(user.username, updateError);
        }
      }
    }
  }
  return outcome;
}
