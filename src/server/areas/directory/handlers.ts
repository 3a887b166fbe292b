// Directory area: the test connection of the configuration's directory tab, with the form's unsaved
// ldapConfig (the saved manager password when the placeholder comes back), answered as a result with
// a localized message (errcode 0 even when the directory refused, like the test SMS). The saved
// password is used only with the saved address and account (config/secrets.ts).
import { testDirectory, type DirectorySettings } from '../../integrations/ldap/test-connection.ts';
import { readGroups, secretFields } from '../config/config-groups.ts';
import { keepStoredSecrets } from '../config/secrets.ts';
import type { CallHandler, Handler } from '../handler.ts';
import { requireConfigGroup } from '../maintenance/config-access.ts';

const testConnection: CallHandler<'directory.testConnection'> = async (ctx) => {
  requireConfigGroup(ctx, 'ldapConfig');
  const { db, catalogue } = ctx.services;
  const t = await ctx.request.atrium.translator();
  const { ldapConfig: stored } = await readGroups(db, catalogue, ['ldapConfig']);
  const settings = keepStoredSecrets(
    ctx.body.ldapConfig,
    stored,
    secretFields(catalogue, 'ldapConfig'),
    false,
    '/ldapConfig',
  ) as unknown as DirectorySettings;
  const answer = await testDirectory(settings);
  if (!answer.success) {
    ctx.request.log.info({ url: settings.url, reason: answer.detail }, 'directory test connection failed');
    return { success: false, message: t('manage.ldap.failed', { reason: t(`outbound.reason.${answer.reason}`) }) };
  }
  return {
    success: true,
    users: answer.users,
    message: t('manage.ldap.success', { users: answer.users, userClass: answer.userClass, baseDN: settings.baseDN }),
  };
};

export const directoryHandlers: Record<string, Handler> = {
  'directory.testConnection': testConnection,
};
