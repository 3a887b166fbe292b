// The permission matrix of security separation (docs/security.md): for every catalogue call, which
// separated user types may make it while `isOpenSecurity` is on. In security mode the route loop
// consults it in place of the catalogue's `allow` rules, so a screen hidden from a type is refused to
// that type by the API too. Outside security mode it is not consulted. Reach rules apply in both.

import type { ReachKind } from './reach.ts';

export const SEPARATED_TYPES = ['super', 'admin', 'secret', 'examine', 'develop'] as const;
export type SeparatedType = (typeof SEPARATED_TYPES)[number];
/** `admin` = every system administrator; `admin@platform` = only one whose reach is the platform
 *  (reach.ts: no enterprise, no department), `admin@tenants` one of a set of tenants. */
export type Grant = SeparatedType | `${SeparatedType}@${ReachKind}`;
/** `public`: no sign-in needed; `everyone`: any signed-in user, whatever its type. */
export type MatrixRow = 'public' | 'everyone' | readonly Grant[];

const READERS: Grant[] = ['super', 'admin', 'secret', 'examine', 'develop'];
const ADMINS: Grant[] = ['super', 'admin'];
/** Administrators of the platform or of whole tenants: a department-level one creates nobody. */
const TENANT_ADMINS: Grant[] = ['super', 'admin@platform', 'admin@tenants'];
const SYSTEM: Grant[] = ['super', 'admin@platform'];
/** The configuration screen: its groups are split further by type (areas/config/group-access.ts). */
const CONFIGURATION: Grant[] = ['super', 'admin@platform', 'secret@platform'];

export const PERMISSION_MATRIX: Readonly<Record<string, MatrixRow>> = {
  'auth.captcha': 'public',
  'auth.login': 'public',
  'auth.logout': 'everyone',
  'auth.myprofile': 'everyone',
  'auth.changePassword': 'everyone',
  'meta.health': 'public',
  'meta.catalogue': 'public',
  'meta.locale': 'public',
  'meta.globalconfig': 'public',
  'meta.openapi': 'public',
  'domains.list': READERS,
  'domains.get': READERS,
  'domains.create': ['super'],
  // A department administrator sees its enterprise but never governs it (reach.ts governsDomain).
  'domains.update': TENANT_ADMINS,
  'domains.delete': ['super'],
  'domains.deleteImpact': ['super'],
  'sms.test': TENANT_ADMINS,
  'lookups.domains': READERS,
  'lookups.applications': READERS,
  'lookups.departments': READERS,
  'superusers.list': READERS,
  'superusers.get': READERS,
  'superusers.create': TENANT_ADMINS,
  // A developer edits itself (reach); officers and auditors change only their password (auth.changePassword).
  'superusers.update': ['super', 'admin', 'develop'],
  'superusers.unlock': ADMINS,
  'superusers.delete': ADMINS,
  'uploads.upload': ADMINS,
  'uploads.list': READERS,
  'uploads.icons': READERS,
  'uploads.deleteIcons': ADMINS,
  'uploads.skins': READERS,
  'config.get': CONFIGURATION,
  'config.save': CONFIGURATION,
  'config.export': CONFIGURATION,
  'config.import': CONFIGURATION,
  'directory.testConnection': SYSTEM,
  'monitoring.onlines': SYSTEM,
  'monitoring.offline': SYSTEM,
  'monitoring.history': SYSTEM,
  'monitoring.sample': SYSTEM,
  'monitoring.perfMenu': SYSTEM,
  'monitoring.perfInfo': SYSTEM,
  'monitoring.perfExport': SYSTEM,
  'monitoring.pool': SYSTEM,
  'apiDocs.users': SYSTEM,
  'apiDocs.signIn': SYSTEM,
  'apiDocs.signOut': SYSTEM,
  'apiDocs.current': SYSTEM,
  'maintenance.clearCache': SYSTEM,
  'maintenance.status': SYSTEM,
  'maintenance.rebuildFiles': SYSTEM,
  'maintenance.synchronize': SYSTEM,
  'maintenance.clearData': SYSTEM,
  'maintenance.optimize': SYSTEM,
  'messaging.pushUsers': SYSTEM,
  // The enterprise form shows a tenant's extension fields; only the system file tab edits them.
  'fieldExtends.list': READERS,
  'fieldExtends.unused': SYSTEM,
  'fieldExtends.create': SYSTEM,
  'fieldExtends.update': SYSTEM,
  'fieldExtends.delete': SYSTEM,
  // Everyone's own message centre (the handlers scope every query to the caller).
  'messages.list': 'everyone',
  'messages.read': 'everyone',
  'messages.readAll': 'everyone',
  // A tenant's departments (docs/adr/0034-tenant-organisation.md); reach narrows both to the caller's tenant or subtree.
  'departments.root': READERS,
  'departments.children': READERS,
  'departments.get': READERS,
  'departments.list': READERS,
  'departments.users': READERS,
  'departments.create': ADMINS,
  'departments.update': ADMINS,
  'departments.delete': ADMINS,
  'notices.scan': SYSTEM,
  'notices.log': SYSTEM,
  // A tenant's users and domain administrators (docs/adr/0034-tenant-organisation.md); the handlers keep each caller to its reach.
  'users.list': READERS,
  'users.get': READERS,
  'users.findByLoginNo': READERS,
  'users.relation': READERS,
  'users.create': ADMINS,
  'users.update': ADMINS,
  'users.delete': ADMINS,
  'users.batch': ADMINS,
  'users.resign': ADMINS,
  'domainAdmins.list': READERS,
  'domainAdmins.candidates': READERS,
  'domainAdmins.add': ADMINS,
  'domainAdmins.remove': ADMINS,
  // Work calendars (docs/adr/0055-work-calendars.md): read by who sees the enterprise, changed by who governs it.
  'calendars.list': READERS,
  'calendars.options': READERS,
  'calendars.get': READERS,
  'calendars.create': ADMINS,
  'calendars.update': ADMINS,
  'calendars.delete': ADMINS,
  'calendars.standardDay': READERS,
  'calendars.saveStandardDay': ADMINS,
  'calendars.specialDays': READERS,
  'calendars.createSpecialDay': ADMINS,
  'calendars.updateSpecialDay': ADMINS,
  'calendars.deleteSpecialDays': ADMINS,
  'calendars.view': READERS,
  'calendars.importIcs': ADMINS,
  'calendars.exportIcs': READERS,
  'applications.list': READERS,
  'applications.install': SYSTEM,
  'applications.syncForms': SYSTEM,
  'applications.formsStatus': SYSTEM,
  'applications.forConfig': CONFIGURATION,
  'domainApplications.bound': READERS,
  'domainApplications.unbound': SYSTEM,
  'domainApplications.bind': SYSTEM,
  'domainApplications.unbind': SYSTEM,
  'domainApplications.getDefault': READERS,
  'domainApplications.setDefault': ADMINS,
  'domainApplications.enable': ADMINS,
  'domainApplications.disable': ADMINS,
  'domainApplications.modules': READERS,
  'domainApplications.setModules': ADMINS,
  'knowledge.status': READERS,
  'knowledge.save': ADMINS,
  'roles.list': READERS,
  'roles.create': SYSTEM,
  'roles.update': SYSTEM,
  'roles.delete': SYSTEM,
  'roles.assign': ADMINS,
  'roles.unassign': ADMINS,
  'permissions.get': READERS,
  'permissions.save': SYSTEM,
  'permissions.pcMenus': READERS,
  'permissions.mobileMenus': READERS,
  'permissions.modules': READERS,
  'permissions.moduleResources': READERS,
  'permissions.effective': READERS,
  'permissions.export': READERS,
  'openApi.secretStatus': ADMINS,
  'openApi.regenerate': ADMINS,
  'cloudCenter.registerUsers': ADMINS,
  'cloudCenter.endRelation': ADMINS,
  'openApi.accessToken': 'public',
  // The workflow runtime: no session; the access token in the query is the credential (docs/adr/0045-workflow-runtime-access-token.md).
  'runtime.start': 'public',
  'runtime.submit': 'public',
  'runtime.back': 'public',
  'runtime.retract': 'public',
  'runtime.delete': 'public',
  'runtime.querySubmit': 'public',
  'runtime.queryBack': 'public',
  'runtime.messages': 'public',
  'runtime.readMessages': 'public',
  'openApi.services': ADMINS,
  'mailSettings.get': ADMINS,
  'mailSettings.save': ADMINS,
  'mailSettings.test': ADMINS,
  // The enterprise's messaging suites (docs/adr/0061-messaging-suites.md): its governors, like its mail settings.
  'im.wechatGet': ADMINS,
  'im.wechatSave': ADMINS,
  'im.wechatVerify': ADMINS,
  'im.dingdingGet': ADMINS,
  'im.dingdingSave': ADMINS,
  'im.dingdingVerify': ADMINS,
  'im.feishuGet': ADMINS,
  'im.feishuSave': ADMINS,
  'im.feishuVerify': ADMINS,
  'im.appUrls': ADMINS,
  'im.wechatAppGet': ADMINS,
  'im.wechatAppSave': ADMINS,
  'im.dingdingAppGet': ADMINS,
  'im.dingdingAppSave': ADMINS,
  'im.feishuAppGet': ADMINS,
  'im.feishuAppSave': ADMINS,
  // A suite's sign-in to an application (docs/adr/0071-messaging-sign-in.md): browser redirects, the suite's code is the credential.
  'imEntry.wechat': 'public',
  'imEntry.wechatCallback': 'public',
  'imEntry.dingding': 'public',
  'imEntry.dingdingCallback': 'public',
  'imEntry.feishu': 'public',
  'imEntry.feishuCallback': 'public',
  'imSync.fromWechat': ADMINS,
  'imSync.toWechat': ADMINS,
  'imSync.fromDingding': ADMINS,
  'imSync.toDingding': ADMINS,
  'imSync.fromFeishu': ADMINS,
  'imSync.toFeishu': ADMINS,
  'imSync.show': ADMINS,
  'imSync.runs': ADMINS,
  'directorySync.run': ADMINS,
  'directorySync.dryRun': ADMINS,
  'directorySync.status': ADMINS,
  'directorySync.runs': ADMINS,
  'directorySync.settings': ADMINS,
  'directorySync.saveSettings': ADMINS,
  'timedTasks.list': SYSTEM,
  'timedTasks.start': SYSTEM,
  'timedTasks.stop': SYSTEM,
  'timedTasks.runs': SYSTEM,
  // Flow monitoring and intervention: the enterprise's governors (checked per enterprise in the handlers).
  'flows.list': ADMINS,
  'flows.delete': ADMINS,
  'flows.get': ADMINS,
  'flows.otherNodes': ADMINS,
  'flows.nodeApprovers': ADMINS,
  'flows.previewIntervention': ADMINS,
  'flows.intervene': ADMINS,
  'flows.batchApprovers': ADMINS,
  'flows.undoBatch': ADMINS,
  'flows.selectApprovers': ADMINS,
  'flows.platformFlows': ADMINS,
  'flows.platformUsers': ADMINS,
  'flows.platformInstances': ADMINS,
  // The workflow dashboard: the enterprise's governors (the handlers check the reach).
  'flowAnalytics.flowAndNodeTime': ADMINS,
  'flowAnalytics.flowTimeShare': ADMINS,
  'flowAnalytics.flowShare': ADMINS,
  'flowAnalytics.slowestNodes': ADMINS,
  // Excel transfer of a tenant's organisation (docs/adr/0035-organisation-excel-import-export.md): export reads like the lists, import writes like
  // users.create / departments.create; reach keeps each caller to its tenant or subtree.
  'transfer.exportUsers': READERS,
  'transfer.exportDepartments': READERS,
  'transfer.importUsers': ADMINS,
  'transfer.importDepartments': ADMINS,
  'transfer.template': 'everyone',
  // The operation log (docs/adr/0056-operation-log.md): in security mode only the auditor reads it (and reviews entries), and
  // nobody deletes it; reach keeps an auditor of tenants to their enterprises.
  'operationLog.list': ['examine'],
  'operationLog.get': ['examine'],
  'operationLog.update': ['examine'],
  'operationLog.export': ['examine'],
  'operationLog.verify': ['examine'],
  'operationLog.delete': [],
};

export interface MatrixCaller {
  isOpenSecurity: boolean;
  type?: string;
  reach: { kind: ReachKind };
}

/** May this signed-in caller make the call? A call missing from the matrix is refused in security
 *  mode to all but `super` (fail closed; the matrix test also fails until it has a row). */
export function matrixAllows(callId: string, caller: MatrixCaller): boolean {
  if (!caller.isOpenSecurity) return true;
  const row = PERMISSION_MATRIX[callId];
  if (row === 'public' || row === 'everyone') return true;
  if (row === undefined) return caller.type === 'super';
  const type = caller.type as SeparatedType;
  return row.includes(type) || row.includes(`${type}@${caller.reach.kind}`);
}

/** The calls a user who must change its password may still make (see password-policy.ts). */
export const PASSWORD_CHANGE_CALLS: ReadonlySet<string> = new Set([
  'auth.myprofile',
  'auth.logout',
  'auth.changePassword',
]);
