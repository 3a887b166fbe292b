// The instant-messaging service as the platform reaches it: a client with the saved hxImConfig
// settings (none while they are incomplete), the accounts it registers for users, and how a refused
// or unreachable service reads. Shared by the push of every user (messaging.pushUsers) and an
// enterprise's relation to its cloud centre (cloudCenter.*, docs/adr/0054-cloud-centre-messaging.md).
import { randomBytes } from 'node:crypto';
import {
  MessagingClient,
  MessagingFailure,
  type MessagingSettings,
  type MessagingUser,
} from '../../integrations/messaging/messaging-client.ts';
import type { AppServices } from '../../services.ts';
import { readGroups } from '../config/config-groups.ts';

const REQUIRED: Array<keyof MessagingSettings> = ['org_name', 'app_name', 'client_id', 'client_secret'];

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A client with the saved settings, or null while org name, app name, client id or secret is missing. */
export async function configuredMessaging(
  services: Pick<AppServices, 'db' | 'catalogue' | 'messagingUrl'>,
): Promise<MessagingClient | null> {
  const { hxImConfig } = await readGroups(services.db, services.catalogue, ['hxImConfig']);
  const settings = { grant_type: 'client_credentials', ...hxImConfig } as MessagingSettings;
  if (REQUIRED.some((name) => typeof settings[name] !== 'string' || !settings[name])) return null;
  return new MessagingClient(services.messagingUrl, settings);
}

/** The account of each user: the username is the user's id. The platform signs users in to the service
 *  with its own tokens, so the password only satisfies registration. */
export const messagingAccounts = (users: ReadonlyArray<{ id: string; name: string }>): MessagingUser[] =>
  users.map((u) => ({ username: u.id, nickname: u.name, password: randomBytes(18).toString('base64url') }));

/** The message of a service that refused the token or could not be reached, in the policy's few
 *  reasons (the service's own words stay in the log, docs/adr/0083-outbound-policy.md); other errors are rethrown. */
export function serviceRefusal(error: unknown, t: Translate): string {
  if (!(error instanceof MessagingFailure)) throw error;
  // An answer to the token request is a refusal of the credentials; without one it could not be asked.
  return t(error.status === 0 ? 'manage.messaging.unreachable' : 'manage.messaging.tokenRefused', {
    reason: t(`outbound.reason.${error.status === 0 ? error.outbound : 'auth'}`),
  });
}
