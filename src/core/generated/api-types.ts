// Generated from the catalogue (schemas/) by `npm run atrium -- types`. Do not edit: change the catalogue and regenerate.
// Calls[id].reply is the `data` of the {errcode, errmsg, data} envelope; `never` marks an absent part
// (no path parameters, no query, no body, or a reply that is not JSON, see the call's `produces`).

/**
 * The choices of a select or multi-select field (x-options), in display order.
 */
export type Choices = {
  id: string;
  name: string;
}[];

export interface Config {
  authConfig?: ConfigAuth;
  loginConfig?: ConfigLogin;
  hxImConfig?: ConfigIm;
  ldapConfig?: ConfigLdap;
  /**
   * the groups the caller may read and save (GET answers only those; a save of another is refused)
   */
  groups?: ("authConfig" | "loginConfig" | "hxImConfig" | "ldapConfig")[];
}

export type ConfigAuth = {
  multiuserlogin?: 1 | 0;
  loginbackground?: string;
  authType?: "default" | "sso" | "ssl_pkcs12";
  smsAuthenticate?: 1 | 0;
  smsAffectMode?: "all" | "match" | "exclude";
  smsStartRangeIp?: string;
  smsEndRangeIp?: string;
  smsTimeout?: number;
  smsContent?: string;
  ssoAuth?: "cookie" | "cas" | "adldap" | "adldapNtlm2";
  ssoRedirect?: string;
  ssoLogoutRedirect?: string;
  localServerName?: string;
  casLoginUrl?: string;
  casUrlPrefix?: string;
  adDomainController?: string;
  adDefaultDomain?: string;
  adadminloginno?: string;
  adadminloginnopw?: string;
  adlogindomain?: string;
  adjespausernmae?: string;
  adjespapassword?: string;
  ssoDefaultEmail?: string;
  ssoDefaultPassword?: string;
};

export interface ConfigIm {
  org_name?: string;
  app_name?: string;
  client_id?: string;
  client_secret?: string;
  grant_type?: string;
  app_key?: string;
}

export interface ConfigImport {
  path: string;
}

export interface ConfigImportResult {
  /**
   * the keys whose value the import changed, as group.field
   */
  changed: string[];
}

export interface ConfigLdap {
  url?: string;
  dirStructure?: "ad" | "openldap";
  baseDN?: string;
  pooled?: 1 | 0;
  manager?: string;
  managerPassword?: string;
  userClass?: string;
  id_?: string;
  name_?: string;
  loginno_?: string;
  loginpwd_?: string;
  email_?: string;
  telephone_?: string;
  deptClass?: string;
  enterDept?: string;
}

export type ConfigLogin = {
  length?: number;
  failLoginTimes?: number;
  legal?: 1 | 0;
  legalType?: (1 | 2 | 3 | 4)[];
  encryptionMode?: 0 | 1;
  noticeAuthor?: "0" | "1";
  isFirstLogin?: 1 | 0;
  maxAge?: number;
  noticeTime?: number;
  noticeMethod?: (1 | 2 | 3)[];
  noticeContent?: string;
};

export interface CurrentUser {
  id: string;
  name: string;
  loginno: string;
  email?: string;
  /**
   * security separation (three officers) is on
   */
  isOpenSecurity: boolean;
  type: "super" | "admin" | "secret" | "examine" | "develop" | "domain";
  superAdmin?: boolean;
  domainAdmin?: boolean;
  developer?: boolean;
  departments: string[];
  domains: string[];
  /**
   * at least one domain and no departments, not a super admin (the console's tiles; never an authorization input)
   */
  tenantScoped?: boolean;
  /**
   * what the caller reaches (docs/security.md Reach): the platform, a set of tenants, or departments of one tenant
   */
  reach: {
    kind: "platform" | "tenants" | "departments";
    domains?: string[];
    domain?: string;
    departments?: string[];
  };
  /**
   * 1 super admin, 2 tenant administrator, 3 developer only
   */
  level: number;
  encryptionMode: 0 | 1;
  language?: "en" | "zh" | "cn";
  /**
   * the ids of the calls this user may make (its `allow` rule or the separation matrix, and a pending password change); the console shows a tile, route, tab or action only when its calls are here
   */
  calls?: string[];
  /**
   * the password policy requires a new password before any other call (errcode 1006 until changed)
   */
  passwordChange?: "firstLogin" | "expired";
  /**
   * the password expires soon (the policy's notice time); the console shows it after login
   */
  passwordNotice?: {
    daysLeft: number;
    content: string;
  };
}

export interface Domain {
  id?: string;
  name: string;
  systemName?: string;
  smsMemberCode?: string;
  smsMemberPwd?: string;
  description?: string;
  logoUrl?: string;
  status?: 1 | 0;
  users?: {
    id?: string;
    username?: string;
  }[];
}

export interface DomainPage {
  datas: Domain[];
  rowCount: number;
  newButtonShow: boolean;
  showLdapButton: boolean;
}

export interface DomainSearch {
  name?: string;
  username?: string;
  fieldExtends?: {
    [k: string]: string | undefined;
  };
}

export interface FieldExtend {
  fid?: string;
  /**
   * name-fid-forTable: how the delete call names the field (spec §7).
   */
  key?: string;
  /**
   * The spare column used (as stored).
   */
  name?: string;
  /**
   * The owning enterprise; absent or empty for a platform-level field.
   */
  domainid?: string;
  label: string;
  type: "string" | "clob" | "date" | "upload" | "radio" | "checkbox" | "select" | "address";
  /**
   * The spare column used; one of the unused ones (getunusefields). Read-only once saved.
   */
  respectiveField: string;
  forTable: "tableUser" | "tableDept" | "tableDomain";
  enabel?: boolean;
  sortNumber?: number;
  isNotNull?: boolean;
  isReadonly?: boolean;
  isSupportSearch?: boolean;
  /**
   * Choices of a radio, checkbox or select field, separated by semicolons.
   */
  options?: string;
}

export interface FieldExtendPage {
  datas: FieldExtend[];
  rowCount: number;
}

export interface FieldExtendSearch {
  /**
   * Who the list is for: system (platform level) or domain.
   */
  belong?: string;
  fortable?: "" | "tableUser" | "tableDept" | "tableDomain";
  type?: "" | "string" | "clob" | "date" | "upload" | "radio" | "checkbox" | "select" | "address";
  domainid?: string;
}

export interface GlobalConfig {
  /**
   * the global logo configuration; a leading TK_ is removed by the console
   */
  title: string;
  copyright: string;
  language: "en" | "zh" | "cn";
  captcha?: boolean;
  /**
   * the shortest new password the password policy in force accepts (help texts quote it)
   */
  passwordMinLength?: number;
}

export interface Icon {
  name: string;
  filePath: string;
  /**
   * uploaded by an administrator (deletable), else a built-in picture icon
   */
  custom: boolean;
}

export interface LdapTestRequest {
  ldapConfig: {
    url: string;
    baseDN: string;
    manager?: string;
    managerPassword?: string;
    userClass?: string;
  };
}

export interface LdapTestResult {
  success: boolean;
  /**
   * entries of the user class under baseDN (when the bind succeeded)
   */
  users?: number;
  /**
   * localized result, with the directory server's error when it failed
   */
  message: string;
}

export interface Login {
  username: string;
  password: string;
  checkcode: string;
}

export interface MaintenanceJob {
  /**
   * clearCache | rebuildFiles | synchronize, or "" before the first job
   */
  job: string;
  /**
   * the console polls while this says in-progress
   */
  status: "idle" | "in-progress" | "done" | "failed";
  progress: number;
  /**
   * localized summary of what the job did (or why it failed)
   */
  message: string;
  startedAt?: string;
  finishedAt?: string;
}

export interface MaintenanceResult {
  /**
   * localized summary of what was done
   */
  message: string;
  count?: number;
}

export interface Message {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  read: boolean;
}

export interface MessagePage {
  datas: Message[];
  rowCount: number;
  /**
   * the caller's unread messages (all pages)
   */
  unread: number;
}

export interface MessageUnread {
  unread: number;
}

export interface MessagingPushResult {
  /**
   * true when every user was pushed
   */
  success: boolean;
  total: number;
  created: number;
  updated: number;
  failed: number;
  /**
   * @maxItems 20
   */
  failures: {
    username: string;
    reason: string;
  }[];
  /**
   * localized summary
   */
  message: string;
}

export interface PasswordChange {
  oldpassword: string;
  /**
   * Wire-encoded; the policy in force (minimum length, character classes) applies on top of 6 to 16.
   */
  password: string;
  confirmpwd: string;
}

export interface PasswordNotice {
  /**
   * the log row (log only)
   */
  id?: string;
  superuserId: string;
  /**
   * the privileged user's login number (log only)
   */
  loginno?: string;
  method: "sms" | "messageCenter" | "email";
  /**
   * failed is tried again at the next scan; sent and skipped are final for that password
   */
  status: "sent" | "failed" | "skipped";
  /**
   * what the channel answered, or why it was skipped
   */
  detail: string;
  /**
   * when it was tried (log only)
   */
  createdAt?: string;
}

export interface PasswordNoticePage {
  datas: PasswordNotice[];
  rowCount: number;
}

export interface PasswordNoticeScan {
  /**
   * false when another server instance was scanning at the time
   */
  ran: boolean;
  /**
   * the caller's summary of the attempts (run now only)
   */
  message?: string;
  attempts: PasswordNotice[];
}

/**
 * The shared name rule (spec §5): at most 22 characters, only Chinese characters, letters, digits and underscore.
 */
export type SharedName = string;

export interface Skin {
  id: string;
  name: string;
  primaryColor: string;
  secondaryColor: string;
}

export interface SmsAnswer {
  /**
   * "success", or the word the gateway used for a failure
   */
  type: string;
  /**
   * the gateway's message (a localized one when it gave none)
   */
  message: string;
}

export interface SmsTest {
  phone: string;
}

export interface StoredFile {
  name: string;
  filePath: string;
  /**
   * bytes
   */
  size: number;
  modifiedAt: string;
}

export interface Superuser {
  id?: string;
  name: SharedName;
  loginno: string;
  /**
   * Wire-encoded (spec §7); answered as the unchanged marker, which keeps the stored password when sent back.
   */
  password: string;
  /**
   * The password once more; must equal it (rule below).
   */
  confirmpwd: string;
  email: string;
  /**
   * Optional mobile phone for password-expiry SMS; the test-SMS phone rule (11 digits starting with 1), or empty.
   */
  telephone?: string;
  status?: 1 | 0;
  issuperadmin?: boolean;
  isdomainadmin?: boolean;
  isdeveloper?: boolean;
  /**
   * Enterprises a tenant administrator manages (outside security mode), or the one management domain (security mode).
   *
   * @maxItems 10000
   */
  domains?: string[];
  /**
   * Applications (software) a developer is authorised for.
   *
   * @maxItems 10000
   */
  applications?: string[];
  /**
   * Departments of the management domain (security mode).
   *
   * @maxItems 10000
   */
  departments?: string[];
  /**
   * The separated user type of security mode; outside it the server derives it from the flags.
   */
  type?: "super" | "admin" | "secret" | "examine" | "develop";
  /**
   * A built-in officer of security separation; its type and its empty scope are fixed (the server keeps the stored ones), so the scope rules below do not apply. Sent back as read, so the rules see it; the server refuses true for anyone not stored as built-in.
   */
  builtin?: boolean;
  /**
   * set while wrong passwords keep the account locked: when it opens again (ignored in a save)
   */
  lockedUntil?: string;
}

export interface SuperuserPage {
  datas: SuperuserRow[];
  rowCount: number;
}

export interface SuperuserRow {
  id: string;
  name: string;
  loginno: string;
  email: string;
  status: 1 | 0;
  type: "super" | "admin" | "secret" | "examine" | "develop";
  issuperadmin: boolean;
  isdomainadmin: boolean;
  isdeveloper: boolean;
  /**
   * set while wrong passwords keep the account locked: when it opens again
   */
  lockedUntil?: string;
}

export interface SuperuserSearch {
  name?: string;
  loginno?: string;
}

export interface UploadedFile {
  /**
   * where the file is served, e.g. /uploads/2026/image/<name>.png
   */
  filePath: string;
}

export type AuthLogoutReply = string;

export interface DomainsDeleteQuery {
  /**
   * what becomes of administrators left with no enterprise
   */
  admins?: "keep" | "remove";
}

/**
 * @minItems 1
 * @maxItems 10000
 */
export type DomainsDeleteBody = string[];

export interface DomainsDeleteReply {
  deleted: number;
  /**
   * administrators deleted with them
   */
  admins: number;
}

/**
 * @minItems 1
 * @maxItems 10000
 */
export type DomainsDeleteImpactBody = string[];

export interface DomainsDeleteImpactReply {
  /**
   * the administrators it would leave with no enterprise
   */
  affected: {
    id: string;
    loginno: string;
    name: string;
  }[];
}

export interface DomainsListQuery {
  currpage?: number;
  pagelines?: number;
}

export interface FieldExtendsDeleteQuery {
  domainid?: string;
}

/**
 * @minItems 1
 */
export type FieldExtendsDeleteBody = string[];

export interface FieldExtendsDeleteReply {
  deleted?: number;
}

export interface FieldExtendsListQuery {
  currpage?: number;
  pagelines?: number;
}

export interface FieldExtendsUnusedQuery {
  type?: string;
  fortable: "tableUser" | "tableDept" | "tableDomain";
  domainid?: string;
}

export type FieldExtendsUnusedReply = string[];

export interface LookupsDepartmentsQuery {
  domainid: string;
}

export interface MaintenanceClearDataQuery {
  applicationid: string;
}

export interface MaintenanceRebuildFilesQuery {
  applicationName?: string;
}

export interface MaintenanceSynchronizeQuery {
  applicationid: string;
}

export interface MessagesListQuery {
  currpage?: number;
  pagelines?: number;
}

export interface MetaCatalogueReply {
  [k: string]: unknown | undefined;
}

export interface MetaHealthReply {
  status: "ok";
}

export interface MetaLocaleReply {
  [k: string]: string | undefined;
}

export interface NoticesLogQuery {
  currpage?: number;
  pagelines?: number;
}

/**
 * @minItems 1
 * @maxItems 10000
 */
export type SuperusersDeleteBody = string[];

export interface SuperusersDeleteReply {
  deleted: number;
}

export interface SuperusersListQuery {
  name?: string;
  loginno?: string;
  currpage?: number;
  pagelines?: number;
}

/**
 * @minItems 1
 * @maxItems 500
 */
export type UploadsDeleteIconsBody = string[];

export interface UploadsDeleteIconsReply {
  deleted: number;
}

export interface UploadsIconsQuery {
  path?: "system" | "upload";
}

export type UploadsIconsReply = Icon[];

export interface UploadsListQuery {
  path: string;
  year?: number;
  /**
   * the enterprise whose files to list; none for the platform's
   */
  domainid?: string;
}

export type UploadsListReply = StoredFile[];

export type UploadsSkinsReply = Skin[];

export interface UploadsUploadQuery {
  path?: string;
  icon?: boolean;
  /**
   * the enterprise the file belongs to; none for the platform's files
   */
  domainid?: string;
}

/**
 * @minItems 1
 * @maxItems 1
 */
export type UploadsUploadReply = UploadedFile[];

/** Every call of the catalogue, keyed by call id. */
export interface Calls {
  'auth.captcha': { params: never; query: never; body: never; reply: never };
  'auth.changePassword': { params: never; query: never; body: PasswordChange; reply: CurrentUser };
  'auth.login': { params: never; query: never; body: Login; reply: CurrentUser };
  'auth.logout': { params: never; query: never; body: never; reply: AuthLogoutReply };
  'auth.myprofile': { params: never; query: never; body: never; reply: CurrentUser };
  'config.export': { params: never; query: never; body: never; reply: never };
  'config.get': { params: never; query: never; body: never; reply: Config };
  'config.import': { params: never; query: never; body: ConfigImport; reply: ConfigImportResult };
  'config.save': { params: never; query: never; body: Config; reply: Config };
  'directory.testConnection': { params: never; query: never; body: LdapTestRequest; reply: LdapTestResult };
  'domains.create': { params: never; query: never; body: Domain; reply: Domain };
  'domains.delete': { params: never; query: DomainsDeleteQuery; body: DomainsDeleteBody; reply: DomainsDeleteReply };
  'domains.deleteImpact': { params: never; query: never; body: DomainsDeleteImpactBody; reply: DomainsDeleteImpactReply };
  'domains.get': { params: { id: string }; query: never; body: never; reply: Domain };
  'domains.list': { params: never; query: DomainsListQuery; body: DomainSearch; reply: DomainPage };
  'domains.update': { params: { id: string }; query: never; body: Domain; reply: Domain };
  'fieldExtends.create': { params: never; query: never; body: FieldExtend; reply: FieldExtend };
  'fieldExtends.delete': { params: never; query: FieldExtendsDeleteQuery; body: FieldExtendsDeleteBody; reply: FieldExtendsDeleteReply };
  'fieldExtends.list': { params: never; query: FieldExtendsListQuery; body: FieldExtendSearch; reply: FieldExtendPage };
  'fieldExtends.unused': { params: never; query: FieldExtendsUnusedQuery; body: never; reply: FieldExtendsUnusedReply };
  'fieldExtends.update': { params: { id: string }; query: never; body: FieldExtend; reply: FieldExtend };
  'lookups.applications': { params: never; query: never; body: never; reply: Choices };
  'lookups.departments': { params: never; query: LookupsDepartmentsQuery; body: never; reply: Choices };
  'lookups.domains': { params: never; query: never; body: never; reply: Choices };
  'maintenance.clearCache': { params: never; query: never; body: never; reply: MaintenanceJob };
  'maintenance.clearData': { params: never; query: MaintenanceClearDataQuery; body: never; reply: MaintenanceResult };
  'maintenance.optimize': { params: { id: string }; query: never; body: never; reply: MaintenanceResult };
  'maintenance.rebuildFiles': { params: never; query: MaintenanceRebuildFilesQuery; body: never; reply: MaintenanceJob };
  'maintenance.status': { params: never; query: never; body: never; reply: MaintenanceJob };
  'maintenance.synchronize': { params: never; query: MaintenanceSynchronizeQuery; body: never; reply: MaintenanceJob };
  'messages.list': { params: never; query: MessagesListQuery; body: never; reply: MessagePage };
  'messages.read': { params: { id: string }; query: never; body: never; reply: MessageUnread };
  'messages.readAll': { params: never; query: never; body: never; reply: MessageUnread };
  'messaging.pushUsers': { params: never; query: never; body: never; reply: MessagingPushResult };
  'meta.catalogue': { params: never; query: never; body: never; reply: MetaCatalogueReply };
  'meta.globalconfig': { params: never; query: never; body: never; reply: GlobalConfig };
  'meta.health': { params: never; query: never; body: never; reply: MetaHealthReply };
  'meta.locale': { params: { lang: string }; query: never; body: never; reply: MetaLocaleReply };
  'meta.openapi': { params: never; query: never; body: never; reply: never };
  'notices.log': { params: never; query: NoticesLogQuery; body: never; reply: PasswordNoticePage };
  'notices.scan': { params: never; query: never; body: never; reply: PasswordNoticeScan };
  'sms.test': { params: { id: string; phone: string }; query: never; body: never; reply: SmsAnswer };
  'superusers.create': { params: never; query: never; body: Superuser; reply: Superuser };
  'superusers.delete': { params: never; query: never; body: SuperusersDeleteBody; reply: SuperusersDeleteReply };
  'superusers.get': { params: { id: string }; query: never; body: never; reply: Superuser };
  'superusers.list': { params: never; query: SuperusersListQuery; body: never; reply: SuperuserPage };
  'superusers.unlock': { params: { id: string }; query: never; body: never; reply: Superuser };
  'superusers.update': { params: { id: string }; query: never; body: Superuser; reply: Superuser };
  'uploads.deleteIcons': { params: never; query: never; body: UploadsDeleteIconsBody; reply: UploadsDeleteIconsReply };
  'uploads.icons': { params: never; query: UploadsIconsQuery; body: never; reply: UploadsIconsReply };
  'uploads.list': { params: never; query: UploadsListQuery; body: never; reply: UploadsListReply };
  'uploads.skins': { params: never; query: never; body: never; reply: UploadsSkinsReply };
  'uploads.upload': { params: never; query: UploadsUploadQuery; body: never; reply: UploadsUploadReply };
}

export type CallId = keyof Calls;

/** Method and path of every call, for clients that build URLs without loading the catalogue. */
export const callRoutes = {
  'auth.captcha': { method: 'GET', path: '/authtime/captcha' },
  'auth.changePassword': { method: 'POST', path: '/authtime/password' },
  'auth.login': { method: 'POST', path: '/authtime/login' },
  'auth.logout': { method: 'POST', path: '/authtime/logout' },
  'auth.myprofile': { method: 'GET', path: '/authtime/myprofile' },
  'config.export': { method: 'GET', path: '/authtime/config/export' },
  'config.get': { method: 'GET', path: '/authtime/config' },
  'config.import': { method: 'POST', path: '/authtime/config/import' },
  'config.save': { method: 'PUT', path: '/authtime/config' },
  'directory.testConnection': { method: 'POST', path: '/authtime/config/ldap/test' },
  'domains.create': { method: 'POST', path: '/authtime/domain' },
  'domains.delete': { method: 'DELETE', path: '/authtime/domain' },
  'domains.deleteImpact': { method: 'POST', path: '/authtime/domain/delete-impact' },
  'domains.get': { method: 'GET', path: '/authtime/domain/{id}' },
  'domains.list': { method: 'POST', path: '/authtime/domains' },
  'domains.update': { method: 'PUT', path: '/authtime/domain/{id}' },
  'fieldExtends.create': { method: 'POST', path: '/authtime/domain/fieldextend' },
  'fieldExtends.delete': { method: 'DELETE', path: '/authtime/domain/fieldextends' },
  'fieldExtends.list': { method: 'POST', path: '/authtime/domain/fieldextends' },
  'fieldExtends.unused': { method: 'GET', path: '/authtime/domain/getunusefields' },
  'fieldExtends.update': { method: 'PUT', path: '/authtime/domain/fieldextend/{id}' },
  'lookups.applications': { method: 'GET', path: '/authtime/lookups/applications' },
  'lookups.departments': { method: 'GET', path: '/authtime/lookups/departments' },
  'lookups.domains': { method: 'GET', path: '/authtime/lookups/domains' },
  'maintenance.clearCache': { method: 'POST', path: '/authtime/config/clearcache' },
  'maintenance.clearData': { method: 'POST', path: '/authtime/config/cleardatas' },
  'maintenance.optimize': { method: 'GET', path: '/authtime/domain/application/{id}/optimization', effects: true },
  'maintenance.rebuildFiles': { method: 'PUT', path: '/authtime/config/indexs/rebuild' },
  'maintenance.status': { method: 'GET', path: '/authtime/config/clearcache/status' },
  'maintenance.synchronize': { method: 'POST', path: '/authtime/config/synchronization' },
  'messages.list': { method: 'GET', path: '/authtime/messages' },
  'messages.read': { method: 'PUT', path: '/authtime/messages/{id}/read' },
  'messages.readAll': { method: 'PUT', path: '/authtime/messages/read' },
  'messaging.pushUsers': { method: 'POST', path: '/authtime/config/userstohx' },
  'meta.catalogue': { method: 'GET', path: '/authtime/catalogue' },
  'meta.globalconfig': { method: 'GET', path: '/authtime/globalconfig' },
  'meta.health': { method: 'GET', path: '/authtime/health' },
  'meta.locale': { method: 'GET', path: '/authtime/locales/{lang}' },
  'meta.openapi': { method: 'GET', path: '/authtime/openapi.json' },
  'notices.log': { method: 'GET', path: '/authtime/notices' },
  'notices.scan': { method: 'POST', path: '/authtime/notices/scan' },
  'sms.test': { method: 'GET', path: '/authtime/domain/{id}/sms/{phone}', effects: true },
  'superusers.create': { method: 'POST', path: '/authtime/superuser' },
  'superusers.delete': { method: 'DELETE', path: '/authtime/superuser' },
  'superusers.get': { method: 'GET', path: '/authtime/superuser/{id}' },
  'superusers.list': { method: 'GET', path: '/authtime/superuser' },
  'superusers.unlock': { method: 'POST', path: '/authtime/superuser/{id}/unlock' },
  'superusers.update': { method: 'PUT', path: '/authtime/superuser/{id}' },
  'uploads.deleteIcons': { method: 'DELETE', path: '/authtime/icon' },
  'uploads.icons': { method: 'GET', path: '/authtime/icons' },
  'uploads.list': { method: 'GET', path: '/authtime/uploads' },
  'uploads.skins': { method: 'GET', path: '/authtime/skins' },
  'uploads.upload': { method: 'POST', path: '/authtime/uploads' },
} as const satisfies Record<CallId, { method: string; path: string; effects?: boolean }>;
