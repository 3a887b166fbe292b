// An enterprise's relation to the cloud centre, the messaging service (docs/adr/0054-cloud-centre-messaging.md): the accounts its
// registrations made there (cloud_accounts), recorded as the service confirms them and forgotten as it
// removes them, so what the table says is what the service holds for the enterprise.
import { MessagingFailure, type MessagingClient } from '../../integrations/messaging/messaging-client.ts';
import { pushUsers, type PushOutcome } from '../../integrations/messaging/push-users.ts';
import type { Db } from '../../db/schema.ts';
import { messagingAccounts } from '../messaging/messaging-service.ts';

const FAILURES_REPORTED = 20;

export interface RelationEnded {
  total: number;
  removed: number;
  failed: number;
  failures: Array<{ username: string; reason: string }>;
}

/** The enterprise's on-job users, in the order the organisation lists them. */
export const onJobUsers = (db: Db, domainId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('domain_id', '=', domainId)
    .where('status', '=', 1)
    .orderBy('order_no')
    .orderBy('id')
    .execute();

/** Registers the users and records each account the service made for the enterprise. */
export async function registerUsers(
  db: Db,
  client: MessagingClient,
  domainId: string,
  users: ReadonlyArray<{ id: string; name: string }>,
): Promise<PushOutcome> {
  const made: string[] = [];
  const outcome = await pushUsers(client, messagingAccounts(users), (usernames) => made.push(...usernames));
  for (let start = 0; start < made.length; start += 500) {
    const rows = made.slice(start, start + 500).map((username) => ({ domain_id: domainId, username }));
    await db
      .insertInto('cloud_accounts')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return outcome;
}

/** The recorded accounts of the enterprise, or none. */
export const recordedAccounts = async (db: Db, domainId: string) =>
  (
    await db
      .selectFrom('cloud_accounts')
      .select('username')
      .where('domain_id', '=', domainId)
      .orderBy('username')
      .execute()
  ).map((r) => r.username);

/** Removes each recorded account from the service (one already gone counts as removed) and forgets it;
 *  one the service failed to remove stays recorded. A refused token stops it before anything changes. */
export async function endRelation(
  db: Db,
  client: MessagingClient,
  domainId: string,
  usernames: readonly string[],
): Promise<RelationEnded> {
  const ended: RelationEnded = { total: usernames.length, removed: 0, failed: 0, failures: [] };
  const token = await client.token();
  for (const username of usernames) {
    try {
      await client.deleteUser(token, username);
    } catch (error) {
      ended.failed++;
      if (ended.failures.length < FAILURES_REPORTED)
        ended.failures.push({
          username,
          reason: error instanceof MessagingFailure ? error.shownReason : String(error),
        });
      continue;
    }
    await db.deleteFrom('cloud_accounts').where('domain_id', '=', domainId).where('username', '=', username).execute();
    ended.removed++;
  }
  return ended;
}
