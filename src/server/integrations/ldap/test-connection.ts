// The directory test connection: binds with the manager account (anonymously without one) and counts
// the entries of the user class under baseDN, so an administrator sees that URL, credentials and
// baseDN fit together before saving. A failure answers one of the outbound policy's reasons (docs/adr/0083-outbound-policy.md); the
// directory's own words (directoryReason) are for the server log.
import { EqualityFilter, ResultCodeError, type Client } from 'ldapts';
import { failureReason, type OutboundReason } from '../outbound/outbound-failure.ts';
import { policyClient } from './ldap-client.ts';

export interface DirectorySettings {
  url: string;
  baseDN: string;
  manager?: string;
  managerPassword?: string;
  userClass?: string;
}

export type DirectoryAnswer =
  { success: true; users: number; userClass: string } | { success: false; reason: OutboundReason; detail: string };

const TIMEOUT_MS = 8000;
const PAGE_SIZE = 500;
const COUNT_LIMIT = 100_000; // counting stops here: a test connection is not a synchronization

/** The directory's own words: its diagnostic message, else the result's name ("InvalidCredentialsError"
 *  → "Invalid credentials"), with the LDAP result code; network errors keep their message. */
export function directoryReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!(error instanceof ResultCodeError)) return error.message || error.name;
  const diagnostic = error.message.replace(/\s*Code: 0x[0-9a-f]+$/i, '').trim();
  const named = error.name.replace(/Error$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
  const text = diagnostic || named.charAt(0) + named.slice(1).toLowerCase();
  return `${text} (LDAP result ${error.code})`;
}

export async function testDirectory(settings: DirectorySettings): Promise<DirectoryAnswer> {
  const userClass = settings.userClass?.trim() || 'person';
  let client: Client | undefined;
  try {
    client = await policyClient(settings.url, TIMEOUT_MS);
    if (settings.manager) await client.bind(settings.manager, settings.managerPassword ?? '');
    let users = 0;
    const filter = new EqualityFilter({ attribute: 'objectClass', value: userClass });
    for await (const page of client.searchPaginated(settings.baseDN, {
      scope: 'sub',
      filter,
      attributes: ['dn'],
      paged: { pageSize: PAGE_SIZE },
    })) {
      users += page.searchEntries.length;
      if (users >= COUNT_LIMIT) break;
    }
    return { success: true, users, userClass };
  } catch (error) {
    return { success: false, reason: failureReason(error), detail: directoryReason(error) };
  } finally {
    await client?.unbind().catch(() => undefined); // the answer is known; a failed unbind changes nothing
  }
}
