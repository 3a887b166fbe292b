// Generated from the catalogue (schemas/) by `npm run atrium -- types`. Do not edit: change the catalogue and regenerate.
// Calls[id].reply is the `data` of the {errcode, errmsg, data} envelope; `never` marks an absent part
// (no path parameters, no query, no body, or a reply that is not JSON, see the call's `produces`).

export interface AdminSearch {
  name?: string;
  loginno?: string;
}

/**
 * @minItems 1
 * @maxItems 1000
 */
export type ApplicationIds = string[];

export interface ApplicationPage {
  datas: ApplicationRow[];
  rowCount: number;
}

export interface ApplicationRow {
  id: string;
  /**
   * the name in the caller's language
   */
  name: string;
  /**
   * the installed package version; null for a tenant's own application
   */
  version: string | null;
  packageId: string | null;
  description: string;
  /**
   * the enterprise owning a tenant's own application
   */
  domain?: string | null;
}

export interface ApplicationSearch {
  name?: string;
}

export interface BoundApplication {
  id: string;
  name: string;
  version: string | null;
  packageId: string | null;
  isDefault: boolean;
  enabled: boolean;
}

export interface BoundApplicationPage {
  datas: BoundApplication[];
  rowCount: number;
}

export interface CalendarMonth {
  calendarid: string;
  name: string;
  timeZone?: string;
  years: number;
  month: number;
  days: {
    date: string;
    state: "working" | "free" | "holiday" | "workday";
    name?: string;
    ranges: TimeRange[];
  }[];
}

export interface Choice {
  id: string;
  name: string;
}

/**
 * The choices of a select or multi-select field (x-options), in display order.
 */
export type Choices = Choice[];

export interface CloudRelationEnded {
  /**
   * true when every recorded account was removed
   */
  success: boolean;
  /**
   * the accounts the relation held
   */
  total: number;
  removed: number;
  /**
   * accounts still recorded: the service failed to remove them
   */
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
   * the ids of the calls this user may make (its `allow` rule or, in security separation, its `officers`, and a pending password change); the console shows a tile, route, tab or action only when its calls are here
   */
  calls?: string[];
  /**
   * the tiles whose `visible` rule holds for this user, as screen.tile (the server decides them, so the console's home page needs no rule engine); a tile with a rule that is not here is hidden
   */
  tiles?: string[];
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

/**
 * the one application to make the default (a list, as a list's row action sends it)
 *
 * @minItems 1
 * @maxItems 1
 */
export type DefaultApplication = string[];

export interface Department {
  id?: string;
  name: SharedName;
  code?: string;
  /**
   * the superior department (null or absent = a top department); changing it moves the department with its subtree
   */
  superiorid?: string | null;
  superiorName?: string;
  /**
   * depth in the tree (0 = top), kept by the server
   */
  level?: number;
  orderno?: number;
  valid?: boolean;
  domainid?: string;
}

export interface DepartmentNode {
  id: string;
  name: string;
  code: string;
  superiorid: string | null;
  level: number;
  orderno: number;
  valid: boolean;
  /**
   * whether it has sub-departments (valid ones only when the call asked for valid ones)
   */
  hasChildren: boolean;
}

export type DepartmentNodes = DepartmentNode[];

export interface DepartmentPage {
  datas: DepartmentRow[];
  rowCount: number;
}

export interface DepartmentRow {
  id: string;
  name: string;
  code: string;
  superiorid: string | null;
  superiorName: string;
  level: number;
  orderno: number;
  valid: boolean;
  userCount: number;
  childCount: number;
}

export interface DepartmentSearch {
  name?: string;
  code?: string;
}

export interface DingdingAppAgent {
  applicationId?: string;
  /**
   * the application's AgentId in DingTalk
   */
  agentId?: string;
  /**
   * the application's AppKey in DingTalk
   */
  appKey?: string;
  /**
   * the application's AppSecret in DingTalk
   */
  appSecret?: string;
}

export interface DingdingSettings {
  domainId?: string;
  corpId?: string;
  agentId?: string;
  appKey?: string;
  appSecret?: string;
  qrCodeLogin?: 1 | 0;
  callbackUrl?: string;
  externalHost?: string;
  /**
   * a sync that would resign or disable more than this share (%) of the enterprise's users on the job is refused unless confirmed
   */
  resignCap?: number;
}

export interface DirectorySyncChange {
  entity: "department" | "user";
  op: "add" | "change" | "move" | "invalidate" | "resign";
  name: string;
  loginno?: string;
  externalId: string;
}

export interface DirectorySyncError {
  NAME: string;
  /**
   * what went wrong, in the reader's language
   */
  ERROR: string;
  /**
   * the entry's key in the source (its DN or id)
   */
  TIP: string;
  /**
   * the entry's position in what the source answered
   */
  ROWNUM: number;
  LOGINNO: string;
  TELEPHONE: string;
  EMAIL: string;
  /**
   * the source keys of the entry's departments, separated by semicolons
   */
  depts: string;
  /**
   * the error's code (a label key)
   */
  error: string;
}

export interface DirectorySyncRequest {
  mode?: "full" | "incremental";
  /**
   * 1 → resign even beyond the enterprise's deletion cap
   */
  confirm?: 1 | 0;
}

export interface DirectorySyncResult {
  DEPT_ADD_SUCCESS: number;
  DEPT_ADD_FAIL: number;
  USER_ADD_SUCCESS: number;
  USER_ADD_FAIL: number;
  DEPT_CHANGE: number;
  DEPT_INVALIDATE: number;
  USER_CHANGE: number;
  USER_MOVE: number;
  USER_RESIGN: number;
  ERRORS: DirectorySyncError[];
}

export interface DirectorySyncRun {
  id: string;
  domainid: string;
  mode: "full" | "incremental";
  dryRun: boolean;
  trigger: "manual" | "schedule";
  startedBy: string;
  status: "running" | "succeeded" | "failed" | "refused";
  phase: "reading" | "applying" | "done";
  /**
   * entries read from the source so far
   */
  readCount: number;
  startedAt: string;
  endedAt: string | null;
  /**
   * why it failed or was refused, in the reader's language
   */
  message: string;
  /**
   * a messaging sync's direction (docs/adr/0061-messaging-suites.md): from the service into the enterprise, or to the service; absent for the directory
   */
  direction?: "from" | "to";
  result?: DirectorySyncResult;
  /**
   * the first 500 changes of the run (what a dry run would do)
   */
  changes?: DirectorySyncChange[];
}

export interface DirectorySyncRuns {
  datas: DirectorySyncRun[];
  rowCount: number;
}

export interface DirectorySyncSettings {
  domainid?: string;
  /**
   * the enterprise's part of the directory; empty → the directory settings' baseDN (it must lie under it)
   */
  baseDN?: string;
  /**
   * 1 → the directory sync timed task syncs this enterprise (incrementally)
   */
  scheduled?: 1 | 0;
  /**
   * a sync that would resign more than this share (%) of the enterprise's users on the job is refused unless confirmed
   */
  resignCap?: number;
}

export interface DocSignin {
  active: true;
  /**
   * the runtime calls' accessToken for this user only, answered once
   */
  accessToken: string;
  userId: string;
  /**
   * the user's login number, the runtime calls' userCode
   */
  userCode: string;
  userName: string;
  domainId: string;
  domainName: string;
  /**
   * name (login number) of the privileged user who signed in
   */
  impersonator: string;
  reason: string;
  /**
   * ISO instant the sign-in ends
   */
  expiresAt: string;
}

export interface DocSigninForm {
  applicationId: string;
  domainid: string;
  userid: string;
  reason: string;
  minutes?: 15 | 30 | 60 | 120;
}

export interface DocSigninRequest {
  reason: string;
  minutes?: number;
}

export interface DocSigninState {
  /**
   * the caller has a live documentation sign-in
   */
  active: boolean;
  userId?: string;
  /**
   * the user's login number, the runtime calls' userCode
   */
  userCode?: string;
  userName?: string;
  domainId?: string;
  domainName?: string;
  /**
   * name (login number) of the privileged user who signed in
   */
  impersonator?: string;
  reason?: string;
  /**
   * ISO instant the sign-in ends
   */
  expiresAt?: string;
}

export interface DocUser {
  id: string;
  name: string;
  loginno: string;
  departmentName: string;
  /**
   * 1 on the job (only on-job users are listed)
   */
  status: 1 | 0;
}

export interface DocUserPage {
  datas: DocUser[];
  rowCount: number;
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

export interface EffectiveAccess {
  user: {
    id: string;
    name: string;
    loginno: string;
    domainName: string;
  };
  /**
   * yes, or why the application gives the user nothing
   */
  active: "yes" | "unbound" | "disabled";
  roles: {
    id: string;
    name: string;
  }[];
  /**
   * the names of the modules disabled in the user's enterprise (their menus and resources are left out)
   */
  disabledModules?: string[];
  pc: EffectiveGrant[];
  mobile: EffectiveGrant[];
  resources: EffectiveGrant[];
}

export interface EffectiveGrant {
  id: string;
  /**
   * the names from the top down to this menu (for a resource: its module, then itself)
   */
  path: string[];
  /**
   * the names of the user's roles that grant it
   */
  roles: string[];
}

export interface ExternalTask {
  id: string;
  topicName: string;
  workerId: string;
  instanceId: string;
  processId: string;
  businessKey?: string | null;
  activityId: string;
  activityName: string;
  retries: number;
  lockExpirationTime: string;
  /**
   * the instance's variables (its form's fields)
   */
  variables: {
    [k: string]: unknown | undefined;
  };
}

export interface ExternalTaskState {
  id: string;
  instanceId: string;
  status: "running" | "completed" | "deleted";
  /**
   * failures left before an incident
   */
  retries: number;
  /**
   * the task waits for an administrator (flow monitoring)
   */
  incident: boolean;
}

export interface FeishuAppAgent {
  applicationId?: string;
  /**
   * the application's App ID in Feishu
   */
  appKey?: string;
  /**
   * the application's App Secret in Feishu
   */
  appSecret?: string;
}

export interface FeishuSettings {
  domainId?: string;
  /**
   * the application's App ID
   */
  appKey?: string;
  appSecret?: string;
  qrCodeLogin?: 1 | 0;
  callbackUrl?: string;
  externalHost?: string;
  /**
   * a sync that would resign or disable more than this share (%) of the enterprise's users on the job is refused unless confirmed
   */
  resignCap?: number;
}

export interface FieldExtend {
  fid?: string;
  /**
   * name-fid-forTable: how the delete call names the field (spec/domain-console.md, 'The calls it makes').
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

export interface FlowActionResult {
  instanceId: string;
  status: "running" | "completed" | "deleted";
  /**
   * the approvals the action reached (or would reach) and who gets a task at each
   */
  tasks: FlowNodeApprovers[];
}

export type FlowAnalyticsRows = {
  /**
   * what the row is about; FLOWNAME (the process, in the caller's language), STARTNODENAME, ENDNODENAME, NAME (who acted)
   */
  groupColumns: {
    columnName: "FLOWNAME" | "STARTNODENAME" | "ENDNODENAME" | "NAME";
    value: string;
  }[];
  /**
   * the figures, hours (two decimals) or a count, in the order the call's summary gives
   */
  resultFields: number[];
  /**
   * on rows of hours, which hours they are; workingHours of the enterprise's default calendar (docs/adr/0055-work-calendars.md), else wall-clock hours
   */
  unit?: "hours" | "workingHours";
  /**
   * with workingHours: the calendar's name
   */
  calendar?: string;
}[];

export interface FlowApproverBatch {
  /**
   * @minItems 1
   * @maxItems 500
   */
  ids: string[];
  /**
   * set: every open task's approvers become `userids`; replace: `from` gives way to `to` on every open task it holds
   */
  mode: "set" | "replace";
  /**
   * set: the approvers' ids joined by semicolons
   */
  userids?: string;
  /**
   * replace: the approver to replace (resigned ones too)
   */
  from?: string;
  /**
   * replace: who takes over
   */
  to?: string;
  comment: string;
  /**
   * count what would change and change nothing
   */
  dryRun?: boolean;
  /**
   * add these instances to a batch already begun (the console sends a long selection in parts)
   */
  batchId?: string;
}

export interface FlowApproverBatchResult {
  /**
   * the batch to undo; null for a dry run
   */
  batchId: string | null;
  /**
   * instances whose approvers changed
   */
  instances: number;
  cancelled: number;
  created: number;
  skipped: {
    id: string;
    reason: string;
  }[];
}

export interface FlowApproverChange {
  /**
   * set: every open task's approvers become `userids`; replace: `from` gives way to `to` on every open task it holds
   */
  mode: "set" | "replace";
  /**
   * set: the approvers' ids joined by semicolons
   */
  userids?: string;
  /**
   * replace: the approver to replace (resigned ones too)
   */
  from?: string;
  /**
   * replace: who takes over
   */
  to?: string;
  comment: string;
}

export interface FlowApproverChoicePage {
  datas: {
    id: string;
    name: string;
    loginno: string;
    /**
     * empty for a user of no department
     */
    departmentName: string;
  }[];
  rowCount: number;
}

/**
 * the earlier approvals the instance can be sent back to, the default first
 */
export type FlowBackTargets = FlowNodeApprovers[];

export interface FlowDetail {
  instance: Flowstatert;
  /**
   * how the approvers of the open tasks were told (docs/adr/0051-new-task-notifies-approver.md)
   */
  notices: {
    /**
     * messages about the open tasks
     */
    told: number;
    /**
     * of them, read by their approver
     */
    read: number;
    mail: {
      pending: number;
      sent: number;
      skipped: number;
      failed: number;
    };
  };
  diagram: FlowDiagram;
  /**
   * the nodes the instance waits at, with the approvers of their open tasks
   */
  current: FlowNodeApprovers[];
  history: FlowHistory;
  /**
   * what the instance waits for outside a user's action (docs/adr/0140-jobs-in-flow-monitoring.md)
   */
  jobs: FlowJob[];
  /**
   * the local variables of its waiting tasks, one per variable (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md)
   */
  locals: FlowLocal[];
}

/**
 * the process version the instance runs, to draw (docs/adr/0050-instance-process-diagram.md)
 */
export interface FlowDiagram {
  /**
   * the version's BPMN 2.0 XML with diagram interchange (laid out by the server when the file had none)
   */
  bpmn: string;
  /**
   * ids of the nodes the instance waits at
   */
  active: string[];
  /**
   * ids of the nodes it has passed (started at, approved, run), the active ones left out
   */
  done: string[];
  /**
   * ids of the sub-processes an interrupting event cancelled and that the instance never completed (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md)
   */
  interrupted: string[];
  /**
   * node id → the name its package gives it in the reader's language (the BPMN file's names are the fallback)
   */
  names?: {
    [k: string]: string | undefined;
  };
}

export type FlowHistory = {
  /**
   * yyyy-MM-dd HH:mm:ss
   */
  at: string;
  action:
    | "start"
    | "submit"
    | "back"
    | "retract"
    | "auto"
    | "complete"
    | "delete"
    | "intervene"
    | "reassign"
    | "retryJob"
    | "cancelJob"
    | "interrupted";
  /**
   * the user, or the administrator of an intervention; empty for the engine
   */
  actor: string;
  nodeName: string;
  /**
   * names of the nodes the action led to
   */
  toNodes: string[];
  comment: string;
}[];

export interface FlowIntervention {
  /**
   * @minItems 1
   * @maxItems 50
   */
  submitTo: {
    nodeid: string;
    isToPerson?: boolean;
    /**
     * the approvers' ids joined by semicolons; empty for an end node or an auto task, and for an approval inside a multi-instance sub-process whose instances each resolve its own rule (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md)
     */
    userids?: string;
    /**
     * at a multi-instance approval whose assignee is computed from the element: the inner instance (from 0) each of userids does, in the same order, as flows.nodeApprovers' index gives it; without it they do the instances in their order (docs/adr/0240-intervention-approvers-by-instance-and-open-nodes-shown.md)
     *
     * @maxItems 1000
     */
    userindexes?: number[];
    /**
     * inside a multi-instance sub-process: the indexes (from 0) of its instances (running, or started anew) the node is entered in; all of them when absent (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md); two levels deep, those of the outer sub-process
     *
     * @maxItems 1000
     */
    instances?: number[];
    /**
     * two multi-instance levels deep: per outer instance, the inner instances the node is entered in; an outer instance not named has all of them (docs/adr/0246-interventions-two-multi-instance-levels-deep.md)
     *
     * @maxItems 1000
     */
    inner?: {
      outer: number;
      /**
       * @maxItems 1000
       */
      instances: number[];
    }[];
  }[];
  comment: string;
}

export interface FlowInterventionPreview {
  /**
   * the instance's status after the intervention
   */
  status: "running" | "completed" | "deleted";
  /**
   * the open tasks that end
   */
  cancelled: FlowNodeApprovers[];
  /**
   * the new tasks
   */
  tasks: FlowNodeApprovers[];
  /**
   * parallel branches running now, all of which end
   */
  endedBranches: number;
  /**
   * branches already waiting at a join, which end too
   */
  waitingAtJoins: number;
}

export interface FlowJob {
  id: string;
  kind: "timer" | "message" | "external";
  nodeId: string;
  nodeName: string;
  /**
   * when a timer is or was due (an incident's too, when it was armed), yyyy-MM-dd HH:mm:ss; empty for a message, an external task and a timer its expression could not arm (docs/adr/0248-flow-jobs-due-and-failed-at.md)
   */
  dueAt: string;
  /**
   * a message's name or an external task's topic; empty for a timer
   */
  topic: string;
  /**
   * incident: no retries left; retrying: failed, offered again at lockedUntil; locked: claimed by a server or worker until lockedUntil; due: a timer past its time
   */
  state: "waiting" | "due" | "locked" | "retrying" | "incident";
  retries: number;
  lockedBy: string;
  /**
   * yyyy-MM-dd HH:mm:ss; empty when not locked
   */
  lockedUntil: string;
  /**
   * when it became an incident, yyyy-MM-dd HH:mm:ss (a timer its expression could not arm: when it was to be armed); empty otherwise
   */
  failedAt: string;
  /**
   * the last failure's message
   */
  error: string;
  /**
   * flows.retryJob takes it (it failed)
   */
  retryable: boolean;
  /**
   * flows.cancelJob takes it (the instance can do without it)
   */
  cancellable: boolean;
}

export interface FlowLocal {
  /**
   * the token's or task's id and the variable's name
   */
  id: string;
  nodeId: string;
  nodeName: string;
  /**
   * at a multi-instance approval, the approver whose inner instance's task holds it; empty when the task's token holds it
   */
  taskOf: string;
  name: string;
  /**
   * the value as JSON text
   */
  value: string;
}

export interface FlowNodeApprovers {
  nodeId: string;
  nodeName: string;
  approvers: {
    id: string;
    name: string;
    loginno: string;
    /**
     * at a multi-instance approval whose assignee is computed from the element, the inner instance (from 0) this approver does (docs/adr/0230-computed-assignees-shown-per-instance.md); absent otherwise
     */
    index?: number;
    /**
     * in an action's answer, the task this approver was given (the runtime's taskId names it, docs/adr/0255-runtime-actions-name-the-task.md); absent in previews and views
     */
    taskId?: string;
  }[];
}

export interface FlowOtherNode {
  id: string;
  statelabel: string;
  /**
   * CatchNode: an intermediate catch event waiting for a timer or a message, entered as a flow enters it (docs/adr/0245-zeebe-correlation-keys.md); it takes no approvers
   */
  type: "ManualNode" | "AutoNode" | "CompleteNode" | "CatchNode";
  /**
   * an approval inside a multi-instance sub-process: without approvers chosen, each instance's come from the node's rule
   */
  perInstance?: boolean;
  /**
   * a multi-instance approval (a countersign): the approvers chosen are its instances in the order given, each with a task of its own; `sequential`: one after another in that order, the next opened when the one before submits (docs/adr/0247-intervention-chosen-approvers-are-the-instances-in-order.md)
   */
  countersign?: "parallel" | "sequential";
  /**
   * the running instances of the multi-instance sub-process the node is in, when the instance runs inside it; when it does not, the instances its collection gives now where it stands (`anew`; a sequence's in the order they run)
   */
  instances?: {
    /**
     * from 0
     */
    index: number;
    /**
     * the instance's element of the collection, as text ('' for a count)
     */
    element: string;
    /**
     * the name of the enterprise's user whose login number the element is
     */
    user?: string;
  }[];
  /**
   * the multi-instance sub-process is entered anew: `instances` are those it would start; those not chosen start at its start (docs/adr/0231-interventions-enter-mapped-sub-processes.md)
   */
  anew?: boolean;
  /**
   * entered anew, the sub-process runs its instances one after another: only the first (index 0) starts at the node, the others in turn at its start (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md)
   */
  sequential?: boolean;
  /**
   * two multi-instance levels deep (`instances` then being the outer level's): per outer instance offered, the inner sub-process's instances there: its running ones, or those its collection gives in that outer instance now (`anew`; `sequential`: only the first choosable), docs/adr/0246-interventions-two-multi-instance-levels-deep.md
   */
  inner?: {
    /**
     * the outer instance, from 0
     */
    outer: number;
    instances: {
      /**
       * from 0
       */
      index: number;
      element: string;
      user?: string;
    }[];
    anew?: boolean;
    sequential?: boolean;
  }[];
}

export interface FlowPlatformFlow {
  id: string;
  name: string;
  running: number;
  completed: number;
}

export interface FlowPlatformUserPage {
  datas: {
    id: string;
    name: string;
    loginno: string;
    domainName: string;
    /**
     * the instances the user started or was asked to approve
     */
    instances: number;
  }[];
  rowCount: number;
}

export interface FlowPreHandler {
  id: string;
  username: string;
  loginno?: string;
  /**
   * at a multi-instance approval whose assignee is computed from the element, the inner instance (from 0) this approver does, evaluated as the engine does (docs/adr/0230-computed-assignees-shown-per-instance.md); absent otherwise
   */
  index?: number;
}

export interface FlowRuntimeBody {
  title?: string;
  summary?: string;
  comment?: string;
  /**
   * back only; default the approval submitted last
   */
  toNodeId?: string;
  /**
   * start and submit; at a gateway marked atrium:choice, the next node the user chooses (one of its targets)
   *
   * @maxItems 20
   */
  nextNodeIds?: string[];
  /**
   * the form's fields; conditions and approver expressions read them
   */
  formData?: {
    [k: string]: unknown | undefined;
  };
  /**
   * start only; a message may name the instance by it (runtime.correlate)
   */
  businessKey?: string;
}

export interface FlowStartTimer {
  id: string;
  processId: string;
  processName: string;
  nodeId: string;
  /**
   * the drawing's date, duration or cycle
   */
  timer: string;
  /**
   * the next firing, yyyy-MM-dd HH:mm:ss
   */
  dueAt: string;
  /**
   * as an instance's job's (entity flow-job): incident, no retries left; retrying, failed and offered again later; locked, being fired by a server; suspended, by the platform's administrator (docs/adr/0171-start-timers-platform-actions.md)
   */
  state: "waiting" | "due" | "locked" | "retrying" | "incident" | "suspended";
  retries: number;
  /**
   * when it became an incident; empty otherwise
   */
  failedAt: string;
  /**
   * the last failure's message
   */
  error: string;
}

export interface FlowStartTimerPage {
  datas: FlowStartTimer[];
  rowCount: number;
}

export interface Flowstatert {
  id: string;
  applicationid: string;
  /**
   * the instance's document (its form data), named by the instance id
   */
  docId: string;
  flowId: string;
  flowName: string;
  title?: string;
  status: "running" | "completed" | "deleted";
  stateLabel: string;
  auditorNames: string;
  initiator: string;
  /**
   * yyyy-MM-dd HH:mm:ss
   */
  firstProcessTime: string;
  /**
   * yyyy-MM-dd HH:mm:ss
   */
  lastProcessTime: string;
  lastAuditor: string;
  /**
   * plain text, or JSON with summaryText and showTags
   */
  summary: string;
  /**
   * the summary is JSON whose summaryText holds markup to render (sanitized)
   */
  showTags: boolean;
  /**
   * the instance's enterprise (the platform's list only)
   */
  domainName?: string;
}

/**
 * @minItems 1
 * @maxItems 1000
 */
export type FlowstatertIds = string[];

export interface FlowstatertPage {
  datas: Flowstatert[];
  rowCount: number;
  /**
   * present and true when rowCount is the database's estimate of a large total, not a count (docs/adr/0173-estimated-totals-above-a-bound.md)
   */
  totalEstimated?: boolean;
}

export interface FlowstatertSearch {
  /**
   * an application of the enterprise; empty for all of them
   */
  application?: string;
  _flowName?: string;
  _stateLabel?: string;
  _initiator?: string;
  _lastAuditor?: string;
  _summary?: string;
  /**
   * yyyy-MM-dd, or yyyy-MM-dd HH:mm:ss; a day alone starts at 00:00:00
   */
  _firstProcessTimeFrom?: string;
  /**
   * yyyy-MM-dd, or yyyy-MM-dd HH:mm:ss; a day alone ends at 23:59:59
   */
  _firstProcessTimeTo?: string;
  /**
   * yyyy-MM-dd, or yyyy-MM-dd HH:mm:ss; a day alone starts at 00:00:00
   */
  _lastProcessTimeFrom?: string;
  /**
   * yyyy-MM-dd, or yyyy-MM-dd HH:mm:ss; a day alone ends at 23:59:59
   */
  _lastProcessTimeTo?: string;
  /**
   * empty for running and completed ones (deleted ones only when asked for)
   */
  status?: "running" | "completed" | "deleted";
  /**
   * instances with an incident, with a job that failed (an incident or one to be tried again), or waiting for any job; empty for all
   */
  _jobs?: "incident" | "failed" | "any";
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

export interface IcsImport {
  mode: "preview" | "commit";
  days: {
    startDate: string;
    endDate: string;
    name: string;
    status: "new" | "exists";
  }[];
  refused: {
    name: string;
    reason: string;
  }[];
  /**
   * the days new and already in the calendar, and the events not used
   */
  counts: {
    new: number;
    exists: number;
    refused: number;
  };
  created: number;
}

export interface ImAppUrls {
  wechat: {
    home: string;
    domain: string;
  };
  dingding: {
    home: string;
    domain: string;
  };
  feishu: {
    home: string;
    domain: string;
  };
}

export interface ImSyncRequest {
  /**
   * 1 → read and plan only, change nothing
   */
  dryRun?: 1 | 0;
  /**
   * 1 → resign or disable even beyond the deletion cap
   */
  confirm?: 1 | 0;
}

export interface ImVerifyResult {
  success: boolean;
  /**
   * localized result, with the service's own code and message when it refused
   */
  message: string;
}

export interface InstallPlan {
  mode: "preview" | "commit";
  /**
   * install: new; upgrade: a newer version; reinstall: the same version again; process: a bare .bpmn added to or replacing processes of the installed version
   */
  action: "install" | "upgrade" | "reinstall" | "process";
  packageId: string;
  /**
   * null in the preview of a first install
   */
  applicationId: string | null;
  /**
   * the application's name in the caller's language
   */
  name: string;
  version: string;
  /**
   * the version installed before
   */
  installed: string | null;
  /**
   * every part the install adds, changes or removes
   */
  changes: {
    part: "module" | "resource" | "pcMenu" | "mobileMenu" | "role" | "form" | "process";
    id: string;
    name: string;
    change: "added" | "changed" | "removed";
  }[];
  /**
   * what the processes ask for that the engine does not honour (docs/adr/0117-vendor-expressions.md), by file and element, in the caller's language: installing accepts them
   */
  warnings: {
    /**
     * file#elementId
     */
    field: string;
    message: string;
  }[];
}

export interface KmConfig {
  enabled: boolean;
  /**
   * @maxItems 1000
   */
  managers: {
    userId: string;
    kind: "enterprise" | "committee" | "department";
  }[];
}

export interface KmStatus {
  enabled: boolean;
  updatedAt: string | null;
  managers: {
    userId: string;
    name: string;
    loginno: string;
    departmentName: string | null;
    kind: "enterprise" | "committee" | "department";
  }[];
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

export interface MailSettings {
  domainId?: string;
  /**
   * 1 → the enterprise's mails go through these settings; 0 → through the deployment's mail server.
   */
  enabled?: 1 | 0;
  /**
   * the sender name mails carry
   */
  sendHost?: string;
  address: string;
  /**
   * the login of the mail servers (empty → no login)
   */
  account?: string;
  password?: string;
  ccAddress?: string;
  smtpServer: string;
  smtpPort: number;
  fetchServer?: string;
  fetchPort?: number;
  /**
   * how mails are fetched from the fetch server
   */
  protocol?: "pop3" | "imap";
  /**
   * 1 → TLS from the first byte (smtps, pop3s, imaps); 0 → plain, upgraded by STARTTLS when the server offers it.
   */
  ssl?: 1 | 0;
  allowAttachment?: 1 | 0;
}

/**
 * The settings before the first save, the schema's defaults; the sender address and the SMTP server are empty until then.
 */
export interface MailSettingsUnsaved {
  address: "";
  smtpServer: "";
}

export interface MailTestResult {
  success: boolean;
  /**
   * localized result, with the mail server's answer when it failed
   */
  message: string;
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

export interface OnlinePage {
  datas: OnlineUser[];
  rowCount: number;
  /**
   * distinct users with a live session (the filter applied)
   */
  onlineCount: number;
}

export interface OnlineSearch {
  domainid?: string;
}

export interface OnlineUser {
  /**
   * the session's stored id: a hash of its cookie, which cannot be used as one
   */
  id: string;
  name: string;
  loginNo: string;
  email: string;
  mobile: string;
  /**
   * yyyy-MM-dd HH:mm:ss, server time
   */
  loginTime: string;
  /**
   * yyyy-MM-dd HH:mm:ss, server time
   */
  lastSeen: string;
  ip: string;
  /**
   * this is the caller's own session
   */
  current: boolean;
}

export interface OpenApiSecret {
  /**
   * shown this once; only its hash is kept
   */
  secret: string;
  hint: string;
  createdAt: string;
}

export interface OpenApiSecretStatus {
  exists: boolean;
  /**
   * the seconds an access token lasts
   */
  tokenLifetime: number;
  /**
   * the secret's first characters
   */
  hint: string | null;
  createdAt: string | null;
}

export interface OpenApiService {
  /**
   * the applicationId of the runtime calls
   */
  applicationId: string;
  /**
   * the id of the package the application was installed from, which the runtime calls also take as applicationId; null for an enterprise's own application
   */
  packageId: string | null;
  applicationName: string;
  /**
   * the flowId of the runtime calls
   */
  processId: string;
  processName: string;
  /**
   * the runtime calls for the process (method and path; each takes accessToken, userCode, applicationId and flowId in the query)
   */
  operations: {
    method: string;
    path: string;
  }[];
  /**
   * ready: the enterprise has an Open API secret, so a program can get a token and call; noSecret: no program can call yet (docs/adr/0063-api-docs-sign-in-web-services.md)
   */
  state: "ready" | "noSecret";
  /**
   * the process's instances running in the enterprise
   */
  running: number;
  /**
   * yyyy-MM-dd HH:mm:ss (server time) of the newest instance started in the enterprise, null for none
   */
  lastStarted: string | null;
}

export type OpenApiServices = OpenApiService[];

export interface OpenApiToken {
  accessToken: string;
  /**
   * seconds until it stops working
   */
  expiresIn: number;
}

export interface OperationLogEntry {
  id: string;
  /**
   * when the call was answered (ISO 8601)
   */
  at: string;
  /**
   * the enterprise the entry belongs to; null for the platform
   */
  domainid?: string | null;
  userId?: string | null;
  operator: string;
  userKind?: string;
  ip: string;
  call: string;
  /**
   * the call's name in the reader's language (its summary's first clause); the call id when it has none
   */
  action?: string;
  method?: string;
  path?: string;
  target?: string;
  /**
   * the target as read now: each id by its record's name, an id of no record (deleted, or not a record) as it is
   */
  targetName?: string;
  /**
   * the request body with secrets masked
   */
  change?:
    | {
        [k: string]: unknown | undefined;
      }
    | unknown[]
    | null;
  errcode: number;
  /**
   * the reply's message as the caller read it, in the caller's language
   */
  message?: string;
  /**
   * the outcome in the reader's language: done, or the error code's meaning
   */
  outcomeText?: string;
  outcome?: "success" | "refused";
  hash?: string;
  prevHash?: string;
  remark?: string;
  reviewed?: boolean;
  reviewedBy?: string;
  reviewedAt?: string | null;
}

export interface OperationLogPage {
  datas: OperationLogEntry[];
  rowCount: number;
  /**
   * present and true when rowCount is the database's estimate of a large total, not a count (docs/adr/0173-estimated-totals-above-a-bound.md)
   */
  totalEstimated?: boolean;
}

export interface OperationLogRetention {
  olderThanDays: number;
}

export interface OperationLogReview {
  id: string;
  remark?: string;
  reviewed?: boolean;
}

export interface OperationLogSearch {
  operator?: string;
  ip?: string;
  call?: string;
  target?: string;
  /**
   * yyyy-MM-dd; the day starts at 00:00:00 UTC
   */
  dateFrom?: string;
  /**
   * yyyy-MM-dd; the day ends at 23:59:59 UTC
   */
  dateTo?: string;
  outcome?: "" | "success" | "refused";
}

export interface OperationLogVerify {
  success: boolean;
  message: string;
  checked: number;
  broken?: {
    id?: string;
    at?: string | null;
    reason?: "edited" | "recomputed" | "link" | "checkpoint" | "tail" | "unsigned" | "head" | "missingHead" | "key";
    expected?: number;
    found?: number;
  } | null;
  keyOutside?: boolean;
  head?: {
    entries?: number;
    lastSeq?: string;
    lastHash?: string;
  } | null;
}

export interface PackageFile {
  path: string;
  /**
   * the worker's topic of each service, send, script or business-rule task whose code cannot run, by the problem's field (file#elementId)
   */
  topics?: {
    [k: string]: string | undefined;
  };
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

export interface PerfReport {
  isEnabled: boolean;
  switches: {
    /**
     * the API's routes, per call id
     */
    interfaces: boolean;
    /**
     * SQL statements, per normalised text
     */
    sql: boolean;
    /**
     * failures, per errcode and name
     */
    exceptions: boolean;
    /**
     * the rows each statement answers (units rows)
     */
    resultSet: boolean;
  };
  /**
   * yyyy-MM-dd HH:mm:ss on the answering instance
   */
  now: string;
  /**
   * the server instance measured
   */
  instance: string;
  /**
   * null while the monitor is off
   */
  dataList: null | {
    listHeader: string[];
    list: (string | number | boolean)[][];
    /**
     * per row: its label contains the highlight text
     */
    highlighted: boolean[];
  };
}

export interface PerfSettings {
  action?: "Refresh" | "ReSet" | "Enable" | "Disable";
  proxyAction?:
    | "No Action"
    | "Enable All"
    | "Disable All"
    | "Disable SQL"
    | "Disable Exceptions"
    | "Disable Interfaces"
    | "Enable ResultSet";
  output?: "html" | "xml" | "csv" | "excel";
  range?: "AllMonitors" | "ms." | "percent";
  columns?: "RangeColumns" | "BasicColumns" | "AllColumns";
  format?: "#,###" | "#,###.#" | "#,###.##" | "#,###.###" | "#,###.####" | "raw";
  /**
   * only the labels containing this text (any case)
   */
  filter?: string;
  /**
   * rows whose label contains this text are marked
   */
  highlight?: string;
  /**
   * labels cut to this many characters (0: whole)
   */
  textSize?: number;
  /**
   * column counted from 0 (2: Hits)
   */
  sortCol?: number;
  sortOrder?: "asc" | "desc";
}

export interface PerfState {
  /**
   * something is measured (routes, SQL or failures)
   */
  isEnabled: boolean;
  switches: {
    /**
     * the API's routes, per call id
     */
    interfaces: boolean;
    /**
     * SQL statements, per normalised text
     */
    sql: boolean;
    /**
     * failures, per errcode and name
     */
    exceptions: boolean;
    /**
     * the rows each statement answers (units rows)
     */
    resultSet: boolean;
  };
}

export interface PermissionGrants {
  roleId: string;
  /**
   * PC menu ids
   *
   * @maxItems 5000
   */
  pc: string[];
  /**
   * mobile menu ids
   *
   * @maxItems 5000
   */
  mobile: string[];
  /**
   * module resource ids
   *
   * @maxItems 5000
   */
  resources: string[];
}

export interface PermissionNode {
  id: string;
  /**
   * the parent node; null at the top
   */
  parentId: string | null;
  kind: "menu" | "module" | "resource";
  name: string;
  /**
   * the module a menu opens
   */
  module?: string | null;
  /**
   * for the role asked about: a leaf is checked or not, a parent follows its leaves; null without a role
   */
  state: "checked" | "unchecked" | "mixed" | null;
}

export type PermissionNodes = PermissionNode[];

/**
 * how many menus (with their parents) and resources the role now grants
 */
export interface PermissionSaved {
  pc: number;
  mobile: number;
  resources: number;
}

export interface PoolStatus {
  instance: string;
  kind: "pglite" | "postgres";
  /**
   * connections open
   */
  total: number;
  idle: number;
  /**
   * connections lent out now
   */
  busy: number;
  /**
   * the most the pool opens (PGlite 1)
   */
  max: number;
  /**
   * borrowers waiting for a connection now
   */
  waiting: number;
  /**
   * the longest wait among those waiting now
   */
  longestWaitMs: number;
  /**
   * connections lent since the start
   */
  acquired: number;
  averageWaitMs: number;
  maxWaitMs: number;
  /**
   * the waits of the connections lent since the start added up
   */
  totalWaitMs: number;
}

export interface Role {
  id?: string;
  name: string;
}

/**
 * the users to give the role (or take it from) — the on-job users of the listed departments and the listed users, all of the one enterprise
 */
export interface RoleAssignment {
  domainid: string;
  /**
   * @maxItems 1000
   */
  deptIds?: string[];
  /**
   * @maxItems 10000
   */
  userIds?: string[];
}

/**
 * @minItems 1
 * @maxItems 1000
 */
export type RoleIds = string[];

export interface RolePage {
  datas: RoleRow[];
  rowCount: number;
}

export interface RoleRow {
  id: string;
  name: string;
  /**
   * the package's id of the role; null for one an administrator added
   */
  packageRole: string | null;
  /**
   * the users holding the role within the caller's reach
   */
  holders: number;
}

export interface RoleSearch {
  name?: string;
}

/**
 * the package's form as JSON Schema and RJSF uiSchema, labels in the caller's language (docs/adr/0157-task-runtime-in-yaml.md)
 */
export interface RuntimeForm {
  schema: {
    [k: string]: unknown | undefined;
  };
  uiSchema: {
    [k: string]: unknown | undefined;
  };
}

/**
 * a field of the package's form (docs/packages.md); the console draws the form from these
 */
export interface RuntimeFormField {
  name: string;
  type: "text" | "textarea" | "number" | "money" | "date" | "select" | "user" | "department" | "attachment";
  label: {
    en: string;
    zh: string;
    cn: string;
  };
  required?: boolean;
  options?: string[];
}

export interface RuntimeInstance {
  instance: {
    id: string;
    flowName: string;
    title: string;
    status: "running" | "completed" | "deleted";
    initiator: string;
    startedAt: string;
    formData: {
      [k: string]: unknown | undefined;
    };
  };
  fields: RuntimeFormField[];
  form: RuntimeForm;
  /**
   * the caller's open task on this instance that the query's taskId names, else its first (as an action without taskId takes it), if it has one
   */
  myTask: {
    taskId: string;
    nodeId: string;
    nodeName: string;
  } | null;
  current: FlowNodeApprovers[];
  history: FlowHistory;
  diagram: FlowDiagram;
}

export interface RuntimeProcess {
  applicationId: string;
  applicationName: string;
  flowId: string;
  flowName: string;
  fields: RuntimeFormField[];
  form: RuntimeForm;
}

/**
 * the processes the enterprise offers (the Open API tab's list), each with its start form
 */
export type RuntimeProcesses = RuntimeProcess[];

export interface RuntimeStartedInstance {
  instanceId: string;
  applicationId: string;
  flowId: string;
  flowName: string;
  title: string;
  status: "running" | "completed" | "deleted";
  startedAt: string;
  /**
   * the names of the nodes it waits at
   */
  waitsAt: string;
}

export interface RuntimeTaskLists {
  /**
   * the caller's open tasks, newest first (at most 100), whatever element made them
   */
  todo: RuntimeTodoTask[];
  /**
   * the instances the caller started, newest first (at most 100)
   */
  started: RuntimeStartedInstance[];
}

export interface RuntimeTodoTask {
  instanceId: string;
  applicationId: string;
  flowId: string;
  flowName: string;
  title: string;
  status: "running" | "completed" | "deleted";
  startedAt: string;
  taskId: string;
  nodeName: string;
  /**
   * which instance of a multi-instance approval or sub-process the task is, from 1 (the innermost level); absent outside them. Two rows of one instance and node differ by it (docs/adr/0255-runtime-actions-name-the-task.md)
   */
  instance?: number;
  since: string;
}

export interface ServerHistory {
  /**
   * the server instance these samples are of
   */
  instance: string;
  /**
   * the instances that sampled within the last day, newest first
   */
  instances: {
    id: string;
    lastSample: string;
    /**
     * the instance answering this call
     */
    current?: boolean;
  }[];
  /**
   * @maxItems 101
   */
  samples: ServerSample[];
}

export interface ServerSample {
  /**
   * HH:mm:ss of the sample (server time); the date is in `at`
   */
  time: string;
  /**
   * ISO instant of the sample
   */
  at?: string;
  /**
   * the process's CPU use since the previous sample, percent of the machine (all cores)
   */
  cpuLoad: number;
  /**
   * the process's operating-system threads (V8, libuv pool, PGlite)
   */
  threadNum: number;
  /**
   * V8 heap used, MB
   */
  heapSizeUsed: number;
  /**
   * memory outside the V8 heap held by JavaScript objects (buffers, WebAssembly), MB
   */
  nonHeapSizeUsed: number;
  /**
   * the process's resident set, MB
   */
  totalMemorySize: number;
}

/**
 * The shared name of a person or a department (spec/platform-console.md, 'Validation rules', docs/adr/0095-one-rule-set-for-entering-users.md): at most 22 characters; Chinese characters, letters (accented too), digits and _ - ' . · in words separated by single spaces, none at either end.
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

export interface SpecialDay {
  id?: string;
  calendarid?: string;
  startDate: string;
  endDate: string;
  kind: "holiday" | "workday";
  name?: string;
  /**
   * @maxItems 12
   */
  ranges?: TimeRange[];
  /**
   * The ranges as shown in the list: 09:00-12:00, 13:00-18:00.
   */
  rangesText?: string;
}

export interface SpecialDayPage {
  datas: SpecialDay[];
  rowCount: number;
}

export interface StandardDay {
  /**
   * ISO weekday: 1 Monday … 7 Sunday.
   */
  weekday: number;
  working: boolean;
  /**
   * @maxItems 12
   */
  ranges: TimeRange[];
}

export interface StandardWeek {
  calendarid?: string;
  name?: string;
  /**
   * @minItems 7
   * @maxItems 7
   */
  days: StandardDay[];
}

export interface StartTimerPage {
  datas: StartTimerRow[];
  rowCount: number;
}

export interface StartTimerRow {
  id: string;
  /**
   * the process's name in the caller's language
   */
  processName: string;
  applicationId: string;
  applicationName: string;
  processId: string;
  /**
   * the drawing's date, duration or cycle
   */
  timer: string;
  /**
   * the next firing, yyyy-MM-dd HH:mm:ss
   */
  dueAt: string;
  /**
   * suspended: left by the pollers until resumed; otherwise as an instance's job's (entity flow-job)
   */
  state: "waiting" | "due" | "locked" | "retrying" | "incident" | "suspended";
  /**
   * tries left before it becomes an incident
   */
  retries: number;
  /**
   * when it became an incident; empty otherwise
   */
  failedAt: string;
  /**
   * the last failure's message
   */
  error: string;
  /**
   * applications.retryStartTimer takes it (it failed)
   */
  retryable: boolean;
  /**
   * applications.resumeStartTimer takes it; applications.suspendStartTimer otherwise
   */
  suspended: boolean;
}

export interface StartTimerSearch {
  application?: string;
  state?: "waiting" | "due" | "locked" | "retrying" | "incident" | "suspended";
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
   * Wire-encoded (spec/platform-console.md, "The calls it makes"); answered as the unchanged marker, which keeps the stored password when sent back.
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
  /**
   * What the account is, the same in both modes (a tenant or department administrator by its scope, the platform's system administrator without one, an officer by its type); a developer flag adds develop.
   */
  kinds: ("super" | "tenantAdmin" | "departmentAdmin" | "systemAdmin" | "secret" | "examine" | "develop")[];
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

export interface TaskMessagePage {
  datas: {
    id: string;
    title: string;
    body: string;
    instanceId: string;
    taskId: string;
    /**
     * the task still waits for this user
     */
    taskOpen: boolean;
    createdAt: string;
    read: boolean;
    /**
     * what became of the mail that tells of it
     */
    mail: "pending" | "sent" | "skipped" | "failed";
  }[];
  rowCount: number;
  unread: number;
}

export interface TimeRange {
  start: string;
  end: string;
}

export interface TimedTask {
  id: string;
  name: string;
  creator: string;
  startType: "manual" | "auto" | "banned";
  state: "run" | "stopped";
  period: "none" | "immediately" | "minute" | "hour" | "day" | "week" | "month" | "weekday";
  runTime: string;
  runDate: string | null;
  runCount: number;
  /**
   * the next due time while the task runs
   */
  nextRun: string | null;
  lastRun: null | TimedTaskRun;
}

export interface TimedTaskPage {
  datas: TimedTask[];
  rowCount: number;
}

export interface TimedTaskRun {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  outcome: "running" | "done" | "failed" | "interrupted";
  message: string;
}

export type TimedTaskRuns = TimedTaskRun[];

export interface TimedTaskSearch {
  searchword?: string;
}

export interface TimedTaskTiming {
  id?: string;
  period: "none" | "immediately" | "minute" | "hour" | "day" | "week" | "month" | "weekday";
  rTime?: string;
  rDate?: string;
}

export interface TransferFile {
  path: string;
}

export interface TransferResult {
  mode: "preview" | "commit";
  /**
   * the rows of each outcome
   */
  counts: {
    new: number;
    changed: number;
    unchanged: number;
    refused: number;
  };
  /**
   * the rows of the run (of the asked status with mode=rows)
   */
  rowCount: number;
  page: number;
  /**
   * the spec's counts (rows written / refused) and, beyond it, the rows the import left as they were
   */
  general: {
    DEPT_ADD_SUCCESS: number;
    DEPT_ADD_FAIL: number;
    USER_ADD_SUCCESS: number;
    USER_ADD_FAIL: number;
    UNCHANGED: number;
  };
  /**
   * the refused rows, as the spec's ERRORS rows (with mode=rows, those of the page)
   */
  detail: {
    ROWNUM: number;
    NAME: string;
    ERROR: string;
    TIP: string;
    LOGINNO?: string;
    TELEPHONE?: string;
    EMAIL?: string;
    depts?: string;
  }[];
  /**
   * a page of the rows with what the import does with each (the preview's table; the first page after a run)
   */
  rows: {
    rowNum: number;
    /**
     * the login number or the department path
     */
    key: string;
    name?: string;
    status: "new" | "changed" | "unchanged" | "refused";
    error?: string;
    changes: {
      field: string;
      label: string;
      from: unknown;
      to: unknown;
    }[];
  }[];
}

export interface UploadedFile {
  /**
   * where the file is served, e.g. /uploads/2026/image/<name>.png
   */
  filePath: string;
}

export interface User {
  id?: string;
  name: SharedName;
  /**
   * Unique in the enterprise whatever its case.
   */
  loginno: string;
  /**
   * Wire-encoded (spec/platform-console.md, "The calls it makes"); answered as the unchanged marker, which keeps the stored password when sent back. The password policy in force applies to a new one.
   */
  password: string;
  /**
   * The password once more; must equal it (rule below).
   */
  confirmpwd: string;
  email?: string;
  /**
   * A phone number, 6 to 20 digits with an optional leading + (docs/adr/0095-one-rule-set-for-entering-users.md), or empty.
   */
  telephone?: string;
  /**
   * The user's work calendar, one of the enterprise's (docs/adr/0055-work-calendars.md, docs/adr/0064-users-import-streamed.md); empty = the enterprise's default, which the server stores, so a user holds a calendar once its enterprise has one. A new user's form starts on the default.
   */
  calendarid?: string;
  /**
   * The one department of the user (docs/adr/0034-tenant-organisation.md), of this enterprise and within the caller's reach.
   */
  departmentid: string;
  departmentName?: string;
  /**
   * Who acts for this user between proxyStart and proxyEnd; a user of the same enterprise, on the job, not the user itself. Empty = none.
   */
  proxyuserid?: string;
  proxyUserName?: string;
  /**
   * yyyy-MM-dd; required with a proxy.
   */
  proxyStart?: string;
  /**
   * yyyy-MM-dd; required with a proxy, not before proxyStart.
   */
  proxyEnd?: string;
  /**
   * Only the platform and the tenant's administrators change it.
   */
  isdomainadmin?: boolean;
  isliaison?: boolean;
  loginLocked?: boolean;
  useIM?: boolean;
  status?: 1 | 0;
  orderno?: number;
  domainid?: string;
}

export interface UserBatch {
  userIds: UserIds;
  fields: UserBatchFields;
}

/**
 * The values every listed user takes; absent ones stay.
 */
export interface UserBatchFields {
  departmentid?: string;
  loginLocked?: true | false;
  status?: 1 | 0;
  calendarid?: string;
  isliaison?: boolean;
  useIM?: boolean;
}

export interface UserBatchResult {
  /**
   * One entry per listed user, in the order sent; each row changed all or nothing.
   */
  results: {
    id: string;
    /**
     * empty for a row refused as missing or out of reach
     */
    name: string;
    ok: boolean;
    /**
     * why the row was refused (localized)
     */
    message?: string;
  }[];
}

/**
 * @minItems 1
 * @maxItems 10000
 */
export type UserIds = string[];

export interface UserPage {
  datas: UserRow[];
  rowCount: number;
  /**
   * present and true when rowCount is the database's estimate of a large total, not a count (docs/adr/0214-name-search-at-a-million.md)
   */
  totalEstimated?: boolean;
}

export interface UserRelation {
  departments: {
    id: string;
    name: string;
  }[];
  /**
   * the application roles the user holds (docs/adr/0038-applications-from-packages.md)
   */
  roles: {
    id: string;
    name: string;
    applicationId: string;
    applicationName: string;
  }[];
  /**
   * the knowledge bases the user manages, and as what (docs/adr/0041-module-switches-knowledge.md)
   */
  kmRoles: {
    applicationId: string;
    applicationName: string;
    kind: "enterprise" | "committee" | "department";
  }[];
}

export interface UserResign {
  userIds: UserIds;
}

/**
 * One user of a list, with the values of the enterprise's tableUser extension fields (field1…field20) as further properties.
 */
export interface UserRow {
  id: string;
  name: string;
  loginno: string;
  email: string;
  telephone: string;
  departmentid: string;
  departmentName: string;
  status: 1 | 0;
  isdomainadmin: boolean;
  isliaison: boolean;
  loginLocked: boolean;
  orderno: number;
}

/**
 * Every text matches as "contains", any case. Searchable tableUser extension fields come as field1…field20 (at the top level or in fieldExtends).
 */
export interface UserSearch {
  /**
   * a part of the name or of the login number
   */
  keyword?: string;
  name?: string;
  loginno?: string;
  /**
   * a part of the user's department name
   */
  superiorname?: string;
  /**
   * only the users holding this application role
   */
  roleid?: string;
  /**
   * '1' on the job, '0' resigned, '' either (text, as search forms and the user-selection dialog send it)
   */
  status?: "" | "1" | "0";
  fieldExtends?: {
    [k: string]: string | undefined;
  };
  [k: string]:
    | string
    | ""
    | "1"
    | "0"
    | {
        [k: string]: string | undefined;
      }
    | undefined;
}

export interface WechatAppAgent {
  applicationId?: string;
  /**
   * the application's AgentId in WeChat-Work
   */
  agentId?: string;
  /**
   * the application's Secret in WeChat-Work
   */
  secret?: string;
}

export interface WechatSettings {
  domainId?: string;
  corpId?: string;
  /**
   * the address book's secret (reads and writes the directory)
   */
  corpSecret?: string;
  agentId?: string;
  /**
   * the application's secret (messages and sign-in)
   */
  secret?: string;
  qrCodeLogin?: 1 | 0;
  callbackUrl?: string;
  /**
   * the address users reach the platform at from the suite
   */
  externalHost?: string;
  /**
   * a sync that would resign or disable more than this share (%) of the enterprise's users on the job is refused unless confirmed
   */
  resignCap?: number;
}

export interface WorkCalendar {
  id?: string;
  domainid?: string;
  name: string;
  timeZone?:
    | "Asia/Shanghai"
    | "Asia/Hong_Kong"
    | "Asia/Taipei"
    | "Asia/Tokyo"
    | "Asia/Singapore"
    | "Europe/London"
    | "Europe/Paris"
    | "Europe/Berlin"
    | "America/New_York"
    | "America/Los_Angeles"
    | "UTC";
  isDefault?: boolean;
  /**
   * How many users of the enterprise hold the calendar.
   */
  users?: number;
}

export interface WorkCalendarOption {
  id: string;
  name: string;
  isDefault: boolean;
}

export interface WorkCalendarPage {
  datas: WorkCalendar[];
  rowCount: number;
}

export interface WorkCalendarSearch {
  name?: string;
}

export interface ApiDocsSignInQuery {
  userid: string;
}

export interface ApiDocsSignOutReply {
  ended: number;
  /**
   * localized confirmation
   */
  message: string;
}

export interface ApiDocsUsersQuery {
  currpage?: number;
  pagelines?: number;
  /**
   * empty = every on-job user of the enterprise
   */
  roleid?: string;
  domainid: string;
  /**
   * a part of the name or of the login number
   */
  keyword?: string;
  /**
   * only the users of this one department of the enterprise
   */
  departmentid?: string;
  /**
   * a part of the user's department name
   */
  superiorname?: string;
  name?: string;
  loginno?: string;
}

export interface ApplicationsCancelStartTimerReply {
  /**
   * the start timer's id
   */
  cancelled: string;
}

export interface ApplicationsForConfigQuery {
  domainid?: string;
  name?: string;
}

export interface ApplicationsFormsStatusQuery {
  applicationId: string;
}

export interface ApplicationsInstallQuery {
  /**
   * preview: what a commit would do, nothing written
   */
  mode?: "preview" | "commit";
}

export interface ApplicationsInstallProcessQuery {
  applicationId: string;
  /**
   * the form a new process starts with (default: the application's first); a replaced process keeps its own unless this names another
   */
  form?: string;
  /**
   * preview: what a commit would do, nothing written
   */
  mode?: "preview" | "commit";
}

export interface ApplicationsListQuery {
  currpage?: number;
  pagelines?: number;
  name?: string;
}

export interface ApplicationsStartTimersQuery {
  /**
   * one application's only
   */
  application?: string;
  /**
   * in this state only
   */
  state?: "waiting" | "due" | "locked" | "retrying" | "incident" | "suspended";
}

export interface ApplicationsSyncFormsQuery {
  applicationId: string;
}

export type AuthLogoutReply = string;

/**
 * @minItems 1
 * @maxItems 1000
 */
export type CalendarsDeleteBody = string[];

export interface CalendarsDeleteReply {
  deleted: number;
}

export interface CalendarsDeleteSpecialDaysQuery {
  calendarid: string;
}

/**
 * @minItems 1
 * @maxItems 1000
 */
export type CalendarsDeleteSpecialDaysBody = string[];

export interface CalendarsDeleteSpecialDaysReply {
  deleted: number;
}

export interface CalendarsImportIcsQuery {
  mode?: "preview" | "commit";
}

export interface CalendarsImportIcsBody {
  path: string;
}

export interface CalendarsListQuery {
  currpage?: number;
  pagelines?: number;
}

export type CalendarsOptionsReply = WorkCalendarOption[];

export interface CalendarsSpecialDaysQuery {
  currpage?: number;
  pagelines?: number;
  year?: number;
}

export interface CalendarsViewQuery {
  years?: number;
  month?: number;
  day?: string;
}

export interface DepartmentsChildrenQuery {
  /**
   * true = only valid departments
   */
  valid?: boolean;
}

/**
 * @minItems 1
 * @maxItems 1000
 */
export type DepartmentsDeleteBody = string[];

export interface DepartmentsDeleteReply {
  deleted: number;
}

export interface DepartmentsListQuery {
  currpage?: number;
  pagelines?: number;
  superiorid?: string;
  /**
   * true = only valid departments
   */
  valid?: boolean;
  /**
   * A whitelisted column — name, code, level, orderno, valid, userCount — optionally followed by " asc" or " desc"; default: orderno, then name
   */
  orderby?: string;
}

export interface DepartmentsRootQuery {
  /**
   * true = only valid departments
   */
  valid?: boolean;
}

export interface DepartmentsUsersQuery {
  currpage?: number;
  pagelines?: number;
  /**
   * A whitelisted column — name, loginno, orderno, status — optionally followed by " asc" or " desc"; default: orderno, then name
   */
  orderby?: string;
}

export interface DirectorySyncDryRunQuery {
  domainid: string;
}

export interface DirectorySyncRunQuery {
  domainid: string;
}

export interface DirectorySyncRunsQuery {
  domainid: string;
  linesPerPage?: number;
  pageNo?: number;
}

export interface DirectorySyncSaveSettingsQuery {
  domainid: string;
}

export interface DirectorySyncSettingsQuery {
  domainid: string;
}

export interface DirectorySyncStatusQuery {
  domainid: string;
  id: string;
}

export interface DomainAdminsAddReply {
  updated: number;
}

export interface DomainAdminsCandidatesQuery {
  currpage?: number;
  pagelines?: number;
}

export interface DomainAdminsListQuery {
  currpage?: number;
  pagelines?: number;
}

export interface DomainAdminsRemoveReply {
  updated: number;
}

export interface DomainApplicationsBindReply {
  bound: number;
}

export interface DomainApplicationsBoundQuery {
  currpage?: number;
  pagelines?: number;
}

export interface DomainApplicationsDisableReply {
  changed: number;
}

export interface DomainApplicationsEnableReply {
  changed: number;
}

export interface DomainApplicationsGetDefaultReply {
  applicationId: string | null;
}

export type DomainApplicationsModulesReply = {
  id: string;
  /**
   * in the caller's language
   */
  name: string;
  enabled: boolean;
}[];

export type DomainApplicationsNodeApproversReply = {
  processId: string;
  /**
   * in the caller's language
   */
  processName: string;
  nodeId: string;
  nodeName: string;
  /**
   * the rules set (user:<login number>; role:<role id>; department:<code>; superior; initiator), empty while unset
   */
  approvers: string;
}[];

export interface DomainApplicationsSetDefaultReply {
  applicationId: string;
}

export interface DomainApplicationsSetModulesBody {
  /**
   * @maxItems 1000
   */
  disabled: string[];
}

export interface DomainApplicationsSetModulesReply {
  disabled: number;
}

export interface DomainApplicationsSetNodeApproversBody {
  processId: string;
  nodeId: string;
  /**
   * the rules in their text form; empty unsets the node
   */
  approvers: string;
}

export interface DomainApplicationsSetNodeApproversReply {
  approvers: string;
}

export interface DomainApplicationsUnbindReply {
  unbound: number;
}

export interface DomainApplicationsUnboundQuery {
  currpage?: number;
  pagelines?: number;
}

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

export interface FlowAnalyticsFlowAndNodeTimeQuery {
  domainid: string;
  applicationid: string;
  /**
   * whose work counts; all users (the only mode)
   */
  showmode?: "all";
  /**
   * since midnight, Monday 00:00, the 1st or 1 January, in the server's time zone, until now
   */
  daterange?: "today" | "thisweek" | "thismonth" | "thisyear";
}

export interface FlowAnalyticsFlowShareQuery {
  domainid: string;
  applicationid: string;
  /**
   * whose work counts; all users (the only mode)
   */
  showmode?: "all";
  /**
   * since midnight, Monday 00:00, the 1st or 1 January, in the server's time zone, until now
   */
  daterange?: "today" | "thisweek" | "thismonth" | "thisyear";
}

export interface FlowAnalyticsFlowTimeShareQuery {
  domainid: string;
  applicationid: string;
  /**
   * whose work counts; all users (the only mode)
   */
  showmode?: "all";
  /**
   * since midnight, Monday 00:00, the 1st or 1 January, in the server's time zone, until now
   */
  daterange?: "today" | "thisweek" | "thismonth" | "thisyear";
}

export interface FlowAnalyticsSlowestNodesQuery {
  domainid: string;
  applicationid: string;
  /**
   * whose work counts; all users (the only mode)
   */
  showmode?: "all";
  /**
   * since midnight, Monday 00:00, the 1st or 1 January, in the server's time zone, until now
   */
  daterange?: "today" | "thisweek" | "thismonth" | "thisyear";
}

export interface FlowsCancelJobReply {
  /**
   * the job's id
   */
  cancelled: string;
}

export interface FlowsDeleteReply {
  deleted: number;
}

export interface FlowsGetQuery {
  id: string;
}

export interface FlowsInterveneQuery {
  id: string;
  /**
   * the submitTo nodes joined by commas (optional; when given it must name the same nodes)
   */
  nextnodeids?: string;
}

export interface FlowsListQuery {
  currpage?: number;
  pagelines?: 10 | 20 | 50 | 100;
  /**
   * count the total exactly even when it is large (bounded by ATRIUM_EXACT_COUNT_TIMEOUT_MS)
   */
  exactTotal?: boolean;
}

export interface FlowsNodeApproversQuery {
  id: string;
  nodeid: string;
  /**
   * inside a multi-instance sub-process: the instance (from 0, as othernodes gives it) whose variables the node's approvers are evaluated over: a running one (docs/adr/0240-intervention-approvers-by-instance-and-open-nodes-shown.md), or, when none runs, one the intervention would start, in the frame the engine gives it (its collection's element at that index, refused as the intervention refuses it, docs/adr/0256-intervention-defaults-for-instances-entered-anew.md); the first when absent; two levels deep, the inner instance in the outer instance `outer`
   */
  instance?: number;
  /**
   * for a node two multi-instance levels deep: the instance (from 0) of the outer sub-process the node's approvers are evaluated in, with its inner instance `instance` (its first running one when absent); the first outer instance with a running inner one when absent, else the first running or, entered anew, the first its collection gives (docs/adr/0256-intervention-defaults-for-instances-entered-anew.md); refused for a node not two levels deep (docs/adr/0254-interventions-keep-mapped-sub-processes-between-levels.md)
   */
  outer?: number;
}

export type FlowsNodeApproversReply = FlowPreHandler[];

export interface FlowsOtherNodesQuery {
  id: string;
}

export type FlowsOtherNodesReply = FlowOtherNode[];

export type FlowsPlatformFlowsReply = FlowPlatformFlow[];

export interface FlowsPlatformInstancesQuery {
  pageNum?: number;
  pageSize?: number;
}

export interface FlowsPlatformUsersQuery {
  pageNum?: number;
  pageSize?: number;
}

export interface FlowsPreviewInterventionQuery {
  id: string;
  /**
   * the submitTo nodes joined by commas (optional; when given it must name the same nodes)
   */
  nextnodeids?: string;
}

export interface FlowsSelectApproversQuery {
  applicationId: string;
  nodeId: string;
  /**
   * 1 a department (and those below it), 2 a role of the application, 3 a text in the name or login number
   */
  type: 1 | 2 | 3;
  /**
   * the department id (1), the role id (2) or the text searched (3; empty for everyone)
   */
  selectId?: string;
  pageNum?: number;
  pageSize?: number;
}

export interface FlowsStartTimersQuery {
  /**
   * the software whose processes' start timers are listed
   */
  application: string;
}

export interface FlowsUndoBatchReply {
  instances: number;
  restored: number;
}

export interface ImEntryDingdingCallbackQuery {
  code?: string;
  /**
   * DingTalk's name of the code
   */
  authCode?: string;
  state?: string;
}

export interface ImEntryFeishuCallbackQuery {
  code?: string;
  /**
   * DingTalk's name of the code
   */
  authCode?: string;
  state?: string;
}

export interface ImEntryWechatCallbackQuery {
  code?: string;
  /**
   * DingTalk's name of the code
   */
  authCode?: string;
  state?: string;
}

export interface ImSyncRunsQuery {
  domainid: string;
  service: "wechat" | "dingding" | "feishu";
  linesPerPage?: number;
  pageNo?: number;
}

export interface ImSyncShowQuery {
  domainid: string;
  service?: "wechat" | "dingding" | "feishu";
  id?: string;
}

export interface LookupsDepartmentsQuery {
  domainid: string;
}

export type MailSettingsGetReply = MailSettings | MailSettingsUnsaved;

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

export interface MonitoringHistoryQuery {
  /**
   * the range in minutes
   */
  time?: number;
  instance?: string;
}

export interface MonitoringOfflineReply {
  ended: number;
  /**
   * localized confirmation
   */
  message: string;
}

export interface MonitoringOnlinesQuery {
  currpage?: number;
  pagelines?: number;
  /**
   * empty = all enterprises
   */
  domainid?: string;
}

export interface MonitoringPerfExportQuery {
  output?: "html" | "xml" | "csv" | "excel";
  range?: "AllMonitors" | "ms." | "percent";
  columns?: "RangeColumns" | "BasicColumns" | "AllColumns";
  format?: "#,###" | "#,###.#" | "#,###.##" | "#,###.###" | "#,###.####" | "raw";
  /**
   * only the labels containing this text (any case)
   */
  filter?: string;
  /**
   * rows whose label contains this text are marked
   */
  highlight?: string;
  /**
   * labels cut to this many characters (0: whole)
   */
  textSize?: number;
  /**
   * column counted from 0 (2: Hits)
   */
  sortCol?: number;
  sortOrder?: "asc" | "desc";
}

export interface MonitoringPerfMenuQuery {
  enableAll: boolean;
}

export interface MonitoringSampleQuery {
  instance?: string;
}

export interface NoticesLogQuery {
  currpage?: number;
  pagelines?: number;
}

export interface OpenApiAccessTokenQuery {
  secret: string;
}

export interface OperationLogDeleteReply {
  deleted: number;
  retentionDays: number;
}

export interface OperationLogExportQuery {
  operator?: string;
  date?: string;
  /**
   * yyyy-MM-dd; the day starts at 00:00:00 UTC
   */
  dateFrom?: string;
  /**
   * yyyy-MM-dd; the day ends at 23:59:59 UTC
   */
  dateTo?: string;
  ip?: string;
  call?: string;
  target?: string;
  outcome?: "" | "success" | "refused";
  format?: "xlsx" | "csv";
}

export interface OperationLogGetQuery {
  logid: string;
}

export interface OperationLogListQuery {
  currpage?: number;
  pagelines?: number;
  /**
   * count the total exactly even when it is large (bounded by ATRIUM_EXACT_COUNT_TIMEOUT_MS)
   */
  exactTotal?: boolean;
}

export interface PermissionsEffectiveQuery {
  userid: string;
}

export interface PermissionsExportQuery {
  kind: "menus" | "users";
  domainid?: string;
}

export interface PermissionsGetQuery {
  roleId: string;
}

export interface PermissionsMobileMenusQuery {
  parentId?: string;
  roleId?: string;
}

export interface PermissionsModuleResourcesQuery {
  roleId: string;
}

export interface PermissionsModulesQuery {
  parentId?: string;
  roleId?: string;
}

export interface PermissionsPcMenusQuery {
  parentId?: string;
  roleId?: string;
}

export interface RolesAssignReply {
  /**
   * the users who did not hold it yet
   */
  assigned: number;
}

export interface RolesCreateReply {
  id: string;
}

export interface RolesDeleteReply {
  deleted: number;
}

export interface RolesListQuery {
  currpage?: number;
  pagelines?: number;
  /**
   * count only the holders of this enterprise (still within reach)
   */
  domainid?: string;
}

export interface RolesUnassignReply {
  unassigned: number;
}

export interface RolesUpdateReply {
  id: string;
}

export interface RuntimeBackQuery {
  accessToken: string;
  userCode: string;
  /**
   * the application's id, or the id of the package it was installed from (the Open API tab shows both)
   */
  applicationId: string;
  flowId: string;
  instanceId: string;
  /**
   * which of the caller's open tasks in the instance (runtime.tasks' taskId, runtime.instance's myTask.taskId): an action or preview refuses one that is not, runtime.instance shows the first instead. Without it, the first by when it opened, then its multi-instance position (sub-process instance, then approval instance), then its id
   */
  taskId?: string;
}

export interface RuntimeCompleteExternalQuery {
  accessToken: string;
  userCode: string;
}

export interface RuntimeCompleteExternalBody {
  id: string;
  workerId: string;
  /**
   * merged into the instance's variables
   */
  variables?: {
    [k: string]: unknown | undefined;
  };
}

export interface RuntimeCorrelateQuery {
  accessToken: string;
  userCode: string;
  /**
   * the application's id, or the id of the package it was installed from (the Open API tab shows both)
   */
  applicationId: string;
  flowId: string;
}

export interface RuntimeCorrelateBody {
  messageName: string;
  instanceId?: string;
  businessKey?: string;
  /**
   * the key a Camunda 8 message subscription (zeebe:subscription correlationKey) evaluated when the wait opened; only waits with that key take the message (docs/adr/0245-zeebe-correlation-keys.md)
   */
  correlationKey?: string;
  /**
   * merged into the instance's variables (its form's fields)
   */
  variables?: {
    [k: string]: unknown | undefined;
  };
  /**
   * inside a multi-instance sub-process, the instance whose element variable (or loopCounter) has these values takes the message (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md)
   */
  localCorrelationKeys?: {
    [k: string]: unknown | undefined;
  };
}

export interface RuntimeDeleteQuery {
  accessToken: string;
  userCode: string;
  /**
   * the application's id, or the id of the package it was installed from (the Open API tab shows both)
   */
  applicationId: string;
  flowId: string;
  instanceId: string;
}

export interface RuntimeExternalErrorQuery {
  accessToken: string;
  userCode: string;
}

export interface RuntimeExternalErrorBody {
  id: string;
  workerId: string;
  errorCode: string;
  errorMessage?: string;
  variables?: {
    [k: string]: unknown | undefined;
  };
}

export interface RuntimeFailExternalQuery {
  accessToken: string;
  userCode: string;
}

export interface RuntimeFailExternalBody {
  id: string;
  workerId: string;
  errorMessage?: string;
  retries: number;
  retryTimeout?: number;
}

export interface RuntimeFetchExternalQuery {
  accessToken: string;
  userCode: string;
}

export interface RuntimeFetchExternalBody {
  workerId: string;
  maxTasks: number;
  /**
   * @minItems 1
   * @maxItems 50
   */
  topics: {
    topicName: string;
    lockDuration: number;
  }[];
}

export type RuntimeFetchExternalReply = ExternalTask[];

export interface RuntimeInstanceQuery {
  accessToken: string;
  userCode: string;
  /**
   * the application's id, or the id of the package it was installed from (the Open API tab shows both)
   */
  applicationId: string;
  flowId: string;
  instanceId: string;
  /**
   * which of the caller's open tasks in the instance (runtime.tasks' taskId, runtime.instance's myTask.taskId): an action or preview refuses one that is not, runtime.instance shows the first instead. Without it, the first by when it opened, then its multi-instance position (sub-process instance, then approval instance), then its id
   */
  taskId?: string;
}

export interface RuntimeMessagesQuery {
  accessToken: string;
  userCode: string;
  pageNum?: number;
  pageSize?: number;
  /**
   * only the unread ones
   */
  unread?: boolean;
  lang?: "en" | "zh" | "cn";
}

export interface RuntimeProcessesQuery {
  accessToken: string;
  userCode: string;
}

export interface RuntimeQueryBackQuery {
  accessToken: string;
  userCode: string;
  /**
   * the application's id, or the id of the package it was installed from (the Open API tab shows both)
   */
  applicationId: string;
  flowId: string;
  instanceId: string;
  /**
   * which of the caller's open tasks in the instance (runtime.tasks' taskId, runtime.instance's myTask.taskId): an action or preview refuses one that is not, runtime.instance shows the first instead. Without it, the first by when it opened, then its multi-instance position (sub-process instance, then approval instance), then its id
   */
  taskId?: string;
}

export interface RuntimeQuerySubmitQuery {
  accessToken: string;
  userCode: string;
  /**
   * the application's id, or the id of the package it was installed from (the Open API tab shows both)
   */
  applicationId: string;
  flowId: string;
  instanceId: string;
  /**
   * which of the caller's open tasks in the instance (runtime.tasks' taskId, runtime.instance's myTask.taskId): an action or preview refuses one that is not, runtime.instance shows the first instead. Without it, the first by when it opened, then its multi-instance position (sub-process instance, then approval instance), then its id
   */
  taskId?: string;
}

export interface RuntimeReadMessagesQuery {
  accessToken: string;
  userCode: string;
}

export interface RuntimeReadMessagesBody {
  /**
   * @maxItems 500
   */
  ids?: string[];
}

export interface RuntimeReadMessagesReply {
  unread: number;
}

export interface RuntimeRetractQuery {
  accessToken: string;
  userCode: string;
  /**
   * the application's id, or the id of the package it was installed from (the Open API tab shows both)
   */
  applicationId: string;
  flowId: string;
  instanceId: string;
}

export interface RuntimeStartQuery {
  accessToken: string;
  userCode: string;
  /**
   * the application's id, or the id of the package it was installed from (the Open API tab shows both)
   */
  applicationId: string;
  flowId: string;
}

export interface RuntimeSubmitQuery {
  accessToken: string;
  userCode: string;
  /**
   * the application's id, or the id of the package it was installed from (the Open API tab shows both)
   */
  applicationId: string;
  flowId: string;
  instanceId: string;
  /**
   * which of the caller's open tasks in the instance (runtime.tasks' taskId, runtime.instance's myTask.taskId): an action or preview refuses one that is not, runtime.instance shows the first instead. Without it, the first by when it opened, then its multi-instance position (sub-process instance, then approval instance), then its id
   */
  taskId?: string;
}

export interface RuntimeTasksQuery {
  accessToken: string;
  userCode: string;
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

export interface TimedTasksListQuery {
  searchword?: string;
  linesPerPage?: number;
  pageNo?: number;
}

export interface TimedTasksRunsQuery {
  id: string;
  limit?: number;
}

export interface TimedTasksStartQuery {
  id: string;
  rTime?: string;
  rDate?: string;
  period?: "none" | "immediately" | "minute" | "hour" | "day" | "week" | "month" | "weekday";
}

export interface TimedTasksStopQuery {
  id: string;
}

export interface TransferImportDepartmentsQuery {
  path: string;
  mode?: "preview" | "commit" | "rows";
  page?: number;
  lines?: number;
  status?: "new" | "changed" | "unchanged" | "refused";
}

export interface TransferImportUsersQuery {
  /**
   * preview: what a commit would do, nothing written; rows: a page of the file's last run (docs/adr/0064-users-import-streamed.md)
   */
  mode?: "preview" | "commit" | "rows";
  /**
   * mode=rows: the page of rows
   */
  page?: number;
  /**
   * mode=rows: rows a page
   */
  lines?: number;
  /**
   * mode=rows: only the rows of this outcome
   */
  status?: "new" | "changed" | "unchanged" | "refused";
}

export interface TransferTemplateQuery {
  domainid?: string;
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

export interface UsersDeleteReply {
  deleted: number;
}

export interface UsersFindByLoginNoQuery {
  loginNo: string;
}

export interface UsersListQuery {
  /**
   * only the users of this one department
   */
  departmentid?: string;
  /**
   * a column, optionally followed by ' desc': orderno, name, loginno, email, status
   */
  orderby?: string;
  currpage?: number;
  /**
   * rows per page (the spec's name)
   */
  lines?: number;
  /**
   * rows per page (alias of lines; lines wins)
   */
  pagelines?: number;
  /**
   * count a name or login number search's total exactly even when it is large (bounded by ATRIUM_EXACT_COUNT_TIMEOUT_MS)
   */
  exactTotal?: boolean;
}

export interface UsersUpdateQuery {
  /**
   * accepted for the spec's directory sync; no effect yet
   */
  isSyncUser?: boolean;
}

/** Every call of the catalogue, keyed by call id. */
export interface Calls {
  'apiDocs.current': { params: never; query: never; body: never; reply: DocSigninState };
  'apiDocs.signIn': { params: never; query: ApiDocsSignInQuery; body: DocSigninRequest; reply: DocSignin };
  'apiDocs.signOut': { params: never; query: never; body: never; reply: ApiDocsSignOutReply };
  'apiDocs.users': { params: never; query: ApiDocsUsersQuery; body: never; reply: DocUserPage };
  'applications.cancelStartTimer': { params: { id: string }; query: never; body: never; reply: ApplicationsCancelStartTimerReply };
  'applications.forConfig': { params: never; query: ApplicationsForConfigQuery; body: never; reply: ApplicationPage };
  'applications.formsStatus': { params: never; query: ApplicationsFormsStatusQuery; body: never; reply: MaintenanceJob };
  'applications.install': { params: never; query: ApplicationsInstallQuery; body: PackageFile; reply: InstallPlan };
  'applications.installProcess': { params: never; query: ApplicationsInstallProcessQuery; body: PackageFile; reply: InstallPlan };
  'applications.list': { params: never; query: ApplicationsListQuery; body: never; reply: ApplicationPage };
  'applications.resumeStartTimer': { params: { id: string }; query: never; body: never; reply: StartTimerRow };
  'applications.retryStartTimer': { params: { id: string }; query: never; body: never; reply: StartTimerRow };
  'applications.startTimers': { params: never; query: ApplicationsStartTimersQuery; body: never; reply: StartTimerPage };
  'applications.suspendStartTimer': { params: { id: string }; query: never; body: never; reply: StartTimerRow };
  'applications.syncForms': { params: never; query: ApplicationsSyncFormsQuery; body: never; reply: MaintenanceJob };
  'auth.captcha': { params: never; query: never; body: never; reply: never };
  'auth.changePassword': { params: never; query: never; body: PasswordChange; reply: CurrentUser };
  'auth.login': { params: never; query: never; body: Login; reply: CurrentUser };
  'auth.logout': { params: never; query: never; body: never; reply: AuthLogoutReply };
  'auth.myprofile': { params: never; query: never; body: never; reply: CurrentUser };
  'calendars.create': { params: { id: string }; query: never; body: WorkCalendar; reply: WorkCalendar };
  'calendars.createSpecialDay': { params: { id: string }; query: never; body: SpecialDay; reply: SpecialDay };
  'calendars.delete': { params: { id: string }; query: never; body: CalendarsDeleteBody; reply: CalendarsDeleteReply };
  'calendars.deleteSpecialDays': { params: never; query: CalendarsDeleteSpecialDaysQuery; body: CalendarsDeleteSpecialDaysBody; reply: CalendarsDeleteSpecialDaysReply };
  'calendars.exportIcs': { params: { id: string }; query: never; body: never; reply: never };
  'calendars.get': { params: { id: string; calendarid: string }; query: never; body: never; reply: WorkCalendar };
  'calendars.importIcs': { params: { id: string }; query: CalendarsImportIcsQuery; body: CalendarsImportIcsBody; reply: IcsImport };
  'calendars.list': { params: { id: string }; query: CalendarsListQuery; body: WorkCalendarSearch; reply: WorkCalendarPage };
  'calendars.options': { params: { id: string }; query: never; body: never; reply: CalendarsOptionsReply };
  'calendars.saveStandardDay': { params: { id: string }; query: never; body: StandardWeek; reply: StandardWeek };
  'calendars.specialDays': { params: { id: string }; query: CalendarsSpecialDaysQuery; body: never; reply: SpecialDayPage };
  'calendars.standardDay': { params: { id: string }; query: never; body: never; reply: StandardWeek };
  'calendars.update': { params: { id: string; calendarid: string }; query: never; body: WorkCalendar; reply: WorkCalendar };
  'calendars.updateSpecialDay': { params: { id: string; dayid: string }; query: never; body: SpecialDay; reply: SpecialDay };
  'calendars.view': { params: { id: string }; query: CalendarsViewQuery; body: never; reply: CalendarMonth };
  'cloudCenter.endRelation': { params: { id: string }; query: never; body: never; reply: CloudRelationEnded };
  'cloudCenter.registerUsers': { params: { id: string }; query: never; body: never; reply: MessagingPushResult };
  'config.export': { params: never; query: never; body: never; reply: never };
  'config.get': { params: never; query: never; body: never; reply: Config };
  'config.import': { params: never; query: never; body: ConfigImport; reply: ConfigImportResult };
  'config.save': { params: never; query: never; body: Config; reply: Config };
  'departments.children': { params: { id: string; depid: string }; query: DepartmentsChildrenQuery; body: never; reply: DepartmentNodes };
  'departments.create': { params: { id: string }; query: never; body: Department; reply: Department };
  'departments.delete': { params: { id: string }; query: never; body: DepartmentsDeleteBody; reply: DepartmentsDeleteReply };
  'departments.get': { params: { id: string }; query: never; body: never; reply: Department };
  'departments.list': { params: { id: string }; query: DepartmentsListQuery; body: DepartmentSearch; reply: DepartmentPage };
  'departments.root': { params: { id: string }; query: DepartmentsRootQuery; body: never; reply: DepartmentNodes };
  'departments.update': { params: { id: string; depid: string }; query: never; body: Department; reply: Department };
  'departments.users': { params: { id: string }; query: DepartmentsUsersQuery; body: never; reply: UserPage };
  'directory.testConnection': { params: never; query: never; body: LdapTestRequest; reply: LdapTestResult };
  'directorySync.dryRun': { params: never; query: DirectorySyncDryRunQuery; body: DirectorySyncRequest; reply: DirectorySyncRun };
  'directorySync.run': { params: never; query: DirectorySyncRunQuery; body: DirectorySyncRequest; reply: DirectorySyncRun };
  'directorySync.runs': { params: never; query: DirectorySyncRunsQuery; body: never; reply: DirectorySyncRuns };
  'directorySync.saveSettings': { params: never; query: DirectorySyncSaveSettingsQuery; body: DirectorySyncSettings; reply: DirectorySyncSettings };
  'directorySync.settings': { params: never; query: DirectorySyncSettingsQuery; body: never; reply: DirectorySyncSettings };
  'directorySync.status': { params: never; query: DirectorySyncStatusQuery; body: never; reply: DirectorySyncRun };
  'domainAdmins.add': { params: { id: string }; query: never; body: UserIds; reply: DomainAdminsAddReply };
  'domainAdmins.candidates': { params: { id: string }; query: DomainAdminsCandidatesQuery; body: AdminSearch; reply: UserPage };
  'domainAdmins.list': { params: { id: string }; query: DomainAdminsListQuery; body: AdminSearch; reply: UserPage };
  'domainAdmins.remove': { params: { id: string }; query: never; body: UserIds; reply: DomainAdminsRemoveReply };
  'domainApplications.bind': { params: { id: string }; query: never; body: ApplicationIds; reply: DomainApplicationsBindReply };
  'domainApplications.bound': { params: { id: string }; query: DomainApplicationsBoundQuery; body: ApplicationSearch; reply: BoundApplicationPage };
  'domainApplications.disable': { params: { id: string }; query: never; body: ApplicationIds; reply: DomainApplicationsDisableReply };
  'domainApplications.enable': { params: { id: string }; query: never; body: ApplicationIds; reply: DomainApplicationsEnableReply };
  'domainApplications.getDefault': { params: { id: string }; query: never; body: never; reply: DomainApplicationsGetDefaultReply };
  'domainApplications.modules': { params: { id: string; applicationId: string }; query: never; body: never; reply: DomainApplicationsModulesReply };
  'domainApplications.nodeApprovers': { params: { id: string; applicationId: string }; query: never; body: never; reply: DomainApplicationsNodeApproversReply };
  'domainApplications.setDefault': { params: { id: string }; query: never; body: DefaultApplication; reply: DomainApplicationsSetDefaultReply };
  'domainApplications.setModules': { params: { id: string; applicationId: string }; query: never; body: DomainApplicationsSetModulesBody; reply: DomainApplicationsSetModulesReply };
  'domainApplications.setNodeApprovers': { params: { id: string; applicationId: string }; query: never; body: DomainApplicationsSetNodeApproversBody; reply: DomainApplicationsSetNodeApproversReply };
  'domainApplications.unbind': { params: { id: string }; query: never; body: ApplicationIds; reply: DomainApplicationsUnbindReply };
  'domainApplications.unbound': { params: { id: string }; query: DomainApplicationsUnboundQuery; body: ApplicationSearch; reply: ApplicationPage };
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
  'flowAnalytics.flowAndNodeTime': { params: never; query: FlowAnalyticsFlowAndNodeTimeQuery; body: never; reply: FlowAnalyticsRows };
  'flowAnalytics.flowShare': { params: never; query: FlowAnalyticsFlowShareQuery; body: never; reply: FlowAnalyticsRows };
  'flowAnalytics.flowTimeShare': { params: never; query: FlowAnalyticsFlowTimeShareQuery; body: never; reply: FlowAnalyticsRows };
  'flowAnalytics.slowestNodes': { params: never; query: FlowAnalyticsSlowestNodesQuery; body: never; reply: FlowAnalyticsRows };
  'flows.batchApprovers': { params: never; query: never; body: FlowApproverBatch; reply: FlowApproverBatchResult };
  'flows.cancelJob': { params: { id: string }; query: never; body: never; reply: FlowsCancelJobReply };
  'flows.delete': { params: { id: string }; query: never; body: FlowstatertIds; reply: FlowsDeleteReply };
  'flows.get': { params: never; query: FlowsGetQuery; body: never; reply: FlowDetail };
  'flows.intervene': { params: never; query: FlowsInterveneQuery; body: FlowIntervention; reply: FlowInterventionPreview };
  'flows.list': { params: { id: string }; query: FlowsListQuery; body: FlowstatertSearch; reply: FlowstatertPage };
  'flows.nodeApprovers': { params: never; query: FlowsNodeApproversQuery; body: never; reply: FlowsNodeApproversReply };
  'flows.otherNodes': { params: never; query: FlowsOtherNodesQuery; body: never; reply: FlowsOtherNodesReply };
  'flows.platformFlows': { params: { id: string }; query: never; body: never; reply: FlowsPlatformFlowsReply };
  'flows.platformInstances': { params: { id: string }; query: FlowsPlatformInstancesQuery; body: never; reply: FlowstatertPage };
  'flows.platformUsers': { params: { id: string }; query: FlowsPlatformUsersQuery; body: never; reply: FlowPlatformUserPage };
  'flows.previewIntervention': { params: never; query: FlowsPreviewInterventionQuery; body: FlowIntervention; reply: FlowInterventionPreview };
  'flows.retryJob': { params: { id: string }; query: never; body: never; reply: FlowJob };
  'flows.selectApprovers': { params: { docId: string; flowId: string }; query: FlowsSelectApproversQuery; body: never; reply: FlowApproverChoicePage };
  'flows.startTimers': { params: { id: string }; query: FlowsStartTimersQuery; body: never; reply: FlowStartTimerPage };
  'flows.undoBatch': { params: { id: string }; query: never; body: never; reply: FlowsUndoBatchReply };
  'im.appUrls': { params: { id: string; applicationId: string }; query: never; body: never; reply: ImAppUrls };
  'im.dingdingAppGet': { params: { id: string; applicationId: string }; query: never; body: never; reply: DingdingAppAgent };
  'im.dingdingAppSave': { params: { id: string; applicationId: string }; query: never; body: DingdingAppAgent; reply: DingdingAppAgent };
  'im.dingdingGet': { params: { id: string }; query: never; body: never; reply: DingdingSettings };
  'im.dingdingSave': { params: { id: string }; query: never; body: DingdingSettings; reply: DingdingSettings };
  'im.dingdingVerify': { params: { id: string }; query: never; body: DingdingSettings; reply: ImVerifyResult };
  'im.feishuAppGet': { params: { id: string; applicationId: string }; query: never; body: never; reply: FeishuAppAgent };
  'im.feishuAppSave': { params: { id: string; applicationId: string }; query: never; body: FeishuAppAgent; reply: FeishuAppAgent };
  'im.feishuGet': { params: { id: string }; query: never; body: never; reply: FeishuSettings };
  'im.feishuSave': { params: { id: string }; query: never; body: FeishuSettings; reply: FeishuSettings };
  'im.feishuVerify': { params: { id: string }; query: never; body: FeishuSettings; reply: ImVerifyResult };
  'im.wechatAppGet': { params: { id: string; applicationId: string }; query: never; body: never; reply: WechatAppAgent };
  'im.wechatAppSave': { params: { id: string; applicationId: string }; query: never; body: WechatAppAgent; reply: WechatAppAgent };
  'im.wechatGet': { params: { id: string }; query: never; body: never; reply: WechatSettings };
  'im.wechatSave': { params: { id: string }; query: never; body: WechatSettings; reply: WechatSettings };
  'im.wechatVerify': { params: { id: string }; query: never; body: WechatSettings; reply: ImVerifyResult };
  'imEntry.dingding': { params: { domainId: string; applicationId: string }; query: never; body: never; reply: never };
  'imEntry.dingdingCallback': { params: { domainId: string; applicationId: string }; query: ImEntryDingdingCallbackQuery; body: never; reply: never };
  'imEntry.feishu': { params: { domainId: string; applicationId: string }; query: never; body: never; reply: never };
  'imEntry.feishuCallback': { params: { domainId: string; applicationId: string }; query: ImEntryFeishuCallbackQuery; body: never; reply: never };
  'imEntry.wechat': { params: { domainId: string; applicationId: string }; query: never; body: never; reply: never };
  'imEntry.wechatCallback': { params: { domainId: string; applicationId: string }; query: ImEntryWechatCallbackQuery; body: never; reply: never };
  'imSync.fromDingding': { params: { id: string }; query: never; body: ImSyncRequest; reply: DirectorySyncRun };
  'imSync.fromFeishu': { params: { id: string }; query: never; body: ImSyncRequest; reply: DirectorySyncRun };
  'imSync.fromWechat': { params: { id: string }; query: never; body: ImSyncRequest; reply: DirectorySyncRun };
  'imSync.runs': { params: never; query: ImSyncRunsQuery; body: never; reply: DirectorySyncRuns };
  'imSync.show': { params: never; query: ImSyncShowQuery; body: never; reply: DirectorySyncRun };
  'imSync.toDingding': { params: { id: string }; query: never; body: ImSyncRequest; reply: DirectorySyncRun };
  'imSync.toFeishu': { params: { id: string }; query: never; body: ImSyncRequest; reply: DirectorySyncRun };
  'imSync.toWechat': { params: { id: string }; query: never; body: ImSyncRequest; reply: DirectorySyncRun };
  'knowledge.save': { params: { id: string; applicationId: string }; query: never; body: KmConfig; reply: KmStatus };
  'knowledge.status': { params: { id: string; applicationId: string }; query: never; body: never; reply: KmStatus };
  'lookups.applications': { params: never; query: never; body: never; reply: Choices };
  'lookups.departments': { params: never; query: LookupsDepartmentsQuery; body: never; reply: Choices };
  'lookups.domains': { params: never; query: never; body: never; reply: Choices };
  'mailSettings.get': { params: { id: string }; query: never; body: never; reply: MailSettingsGetReply };
  'mailSettings.save': { params: { id: string }; query: never; body: MailSettings; reply: MailSettings };
  'mailSettings.test': { params: { id: string }; query: never; body: MailSettings; reply: MailTestResult };
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
  'monitoring.history': { params: never; query: MonitoringHistoryQuery; body: never; reply: ServerHistory };
  'monitoring.offline': { params: { id: string }; query: never; body: never; reply: MonitoringOfflineReply };
  'monitoring.onlines': { params: never; query: MonitoringOnlinesQuery; body: never; reply: OnlinePage };
  'monitoring.perfExport': { params: never; query: MonitoringPerfExportQuery; body: never; reply: never };
  'monitoring.perfInfo': { params: never; query: never; body: PerfSettings; reply: PerfReport };
  'monitoring.perfMenu': { params: never; query: MonitoringPerfMenuQuery; body: never; reply: PerfState };
  'monitoring.pool': { params: never; query: never; body: never; reply: PoolStatus };
  'monitoring.sample': { params: never; query: MonitoringSampleQuery; body: never; reply: ServerSample };
  'notices.log': { params: never; query: NoticesLogQuery; body: never; reply: PasswordNoticePage };
  'notices.scan': { params: never; query: never; body: never; reply: PasswordNoticeScan };
  'openApi.accessToken': { params: never; query: OpenApiAccessTokenQuery; body: never; reply: OpenApiToken };
  'openApi.regenerate': { params: { id: string }; query: never; body: never; reply: OpenApiSecret };
  'openApi.secretStatus': { params: { id: string }; query: never; body: never; reply: OpenApiSecretStatus };
  'openApi.services': { params: { id: string }; query: never; body: never; reply: OpenApiServices };
  'operationLog.delete': { params: { id: string }; query: never; body: OperationLogRetention; reply: OperationLogDeleteReply };
  'operationLog.export': { params: { id: string }; query: OperationLogExportQuery; body: never; reply: never };
  'operationLog.get': { params: { id: string }; query: OperationLogGetQuery; body: never; reply: OperationLogEntry };
  'operationLog.list': { params: { id: string }; query: OperationLogListQuery; body: OperationLogSearch; reply: OperationLogPage };
  'operationLog.update': { params: { id: string }; query: never; body: OperationLogReview; reply: OperationLogEntry };
  'operationLog.verify': { params: { id: string }; query: never; body: never; reply: OperationLogVerify };
  'permissions.effective': { params: { id: string }; query: PermissionsEffectiveQuery; body: never; reply: EffectiveAccess };
  'permissions.export': { params: { id: string }; query: PermissionsExportQuery; body: never; reply: never };
  'permissions.get': { params: { id: string }; query: PermissionsGetQuery; body: never; reply: PermissionGrants };
  'permissions.mobileMenus': { params: { id: string }; query: PermissionsMobileMenusQuery; body: never; reply: PermissionNodes };
  'permissions.moduleResources': { params: { id: string; moduleId: string }; query: PermissionsModuleResourcesQuery; body: never; reply: PermissionNodes };
  'permissions.modules': { params: { id: string }; query: PermissionsModulesQuery; body: never; reply: PermissionNodes };
  'permissions.pcMenus': { params: { id: string }; query: PermissionsPcMenusQuery; body: never; reply: PermissionNodes };
  'permissions.save': { params: { id: string }; query: never; body: PermissionGrants; reply: PermissionSaved };
  'roles.assign': { params: { id: string }; query: never; body: RoleAssignment; reply: RolesAssignReply };
  'roles.create': { params: { id: string }; query: never; body: Role; reply: RolesCreateReply };
  'roles.delete': { params: { id: string }; query: never; body: RoleIds; reply: RolesDeleteReply };
  'roles.list': { params: { id: string }; query: RolesListQuery; body: RoleSearch; reply: RolePage };
  'roles.unassign': { params: { id: string }; query: never; body: RoleAssignment; reply: RolesUnassignReply };
  'roles.update': { params: { id: string }; query: never; body: Role; reply: RolesUpdateReply };
  'runtime.back': { params: never; query: RuntimeBackQuery; body: FlowRuntimeBody; reply: FlowActionResult };
  'runtime.completeExternal': { params: never; query: RuntimeCompleteExternalQuery; body: RuntimeCompleteExternalBody; reply: FlowActionResult };
  'runtime.correlate': { params: never; query: RuntimeCorrelateQuery; body: RuntimeCorrelateBody; reply: FlowActionResult };
  'runtime.delete': { params: never; query: RuntimeDeleteQuery; body: never; reply: FlowActionResult };
  'runtime.externalError': { params: never; query: RuntimeExternalErrorQuery; body: RuntimeExternalErrorBody; reply: ExternalTaskState };
  'runtime.failExternal': { params: never; query: RuntimeFailExternalQuery; body: RuntimeFailExternalBody; reply: ExternalTaskState };
  'runtime.fetchExternal': { params: never; query: RuntimeFetchExternalQuery; body: RuntimeFetchExternalBody; reply: RuntimeFetchExternalReply };
  'runtime.instance': { params: never; query: RuntimeInstanceQuery; body: never; reply: RuntimeInstance };
  'runtime.messages': { params: never; query: RuntimeMessagesQuery; body: never; reply: TaskMessagePage };
  'runtime.processes': { params: never; query: RuntimeProcessesQuery; body: never; reply: RuntimeProcesses };
  'runtime.queryBack': { params: never; query: RuntimeQueryBackQuery; body: never; reply: FlowBackTargets };
  'runtime.querySubmit': { params: never; query: RuntimeQuerySubmitQuery; body: FlowRuntimeBody; reply: FlowActionResult };
  'runtime.readMessages': { params: never; query: RuntimeReadMessagesQuery; body: RuntimeReadMessagesBody; reply: RuntimeReadMessagesReply };
  'runtime.retract': { params: never; query: RuntimeRetractQuery; body: never; reply: FlowActionResult };
  'runtime.start': { params: never; query: RuntimeStartQuery; body: FlowRuntimeBody; reply: FlowActionResult };
  'runtime.submit': { params: never; query: RuntimeSubmitQuery; body: FlowRuntimeBody; reply: FlowActionResult };
  'runtime.tasks': { params: never; query: RuntimeTasksQuery; body: never; reply: RuntimeTaskLists };
  'sms.test': { params: { id: string; phone: string }; query: never; body: never; reply: SmsAnswer };
  'superusers.create': { params: never; query: never; body: Superuser; reply: Superuser };
  'superusers.delete': { params: never; query: never; body: SuperusersDeleteBody; reply: SuperusersDeleteReply };
  'superusers.get': { params: { id: string }; query: never; body: never; reply: Superuser };
  'superusers.list': { params: never; query: SuperusersListQuery; body: never; reply: SuperuserPage };
  'superusers.unlock': { params: { id: string }; query: never; body: never; reply: Superuser };
  'superusers.update': { params: { id: string }; query: never; body: Superuser; reply: Superuser };
  'timedTasks.list': { params: never; query: TimedTasksListQuery; body: never; reply: TimedTaskPage };
  'timedTasks.runs': { params: never; query: TimedTasksRunsQuery; body: never; reply: TimedTaskRuns };
  'timedTasks.start': { params: never; query: TimedTasksStartQuery; body: never; reply: TimedTask };
  'timedTasks.stop': { params: never; query: TimedTasksStopQuery; body: never; reply: TimedTask };
  'transfer.exportDepartments': { params: { id: string }; query: never; body: never; reply: never };
  'transfer.exportUsers': { params: { id: string }; query: never; body: never; reply: never };
  'transfer.importDepartments': { params: { id: string }; query: TransferImportDepartmentsQuery; body: never; reply: TransferResult };
  'transfer.importUsers': { params: { id: string }; query: TransferImportUsersQuery; body: TransferFile; reply: TransferResult };
  'transfer.template': { params: { name: string }; query: TransferTemplateQuery; body: never; reply: never };
  'uploads.deleteIcons': { params: never; query: never; body: UploadsDeleteIconsBody; reply: UploadsDeleteIconsReply };
  'uploads.icons': { params: never; query: UploadsIconsQuery; body: never; reply: UploadsIconsReply };
  'uploads.list': { params: never; query: UploadsListQuery; body: never; reply: UploadsListReply };
  'uploads.skins': { params: never; query: never; body: never; reply: UploadsSkinsReply };
  'uploads.upload': { params: never; query: UploadsUploadQuery; body: never; reply: UploadsUploadReply };
  'users.batch': { params: never; query: never; body: UserBatch; reply: UserBatchResult };
  'users.create': { params: { id: string }; query: never; body: User; reply: User };
  'users.delete': { params: { id: string }; query: never; body: UserIds; reply: UsersDeleteReply };
  'users.findByLoginNo': { params: { id: string }; query: UsersFindByLoginNoQuery; body: never; reply: User };
  'users.get': { params: { id: string; userid: string }; query: never; body: never; reply: User };
  'users.list': { params: { id: string }; query: UsersListQuery; body: UserSearch; reply: UserPage };
  'users.relation': { params: { id: string }; query: never; body: never; reply: UserRelation };
  'users.resign': { params: never; query: never; body: UserResign; reply: UserBatchResult };
  'users.update': { params: { id: string }; query: UsersUpdateQuery; body: User; reply: User };
}

export type CallId = keyof Calls;

/** Method and path of every call, for clients that build URLs without loading the catalogue. */
export const callRoutes = {
  'apiDocs.current': { method: 'GET', path: '/authtime/swagger/signin' },
  'apiDocs.signIn': { method: 'POST', path: '/authtime/swagger/login' },
  'apiDocs.signOut': { method: 'POST', path: '/authtime/swagger/logout' },
  'apiDocs.users': { method: 'GET', path: '/authtime/swagger/getuserlistbyrole' },
  'applications.cancelStartTimer': { method: 'DELETE', path: '/authtime/applications/start-timers/{id}' },
  'applications.forConfig': { method: 'GET', path: '/authtime/config/applications' },
  'applications.formsStatus': { method: 'GET', path: '/authtime/runtime/synchronization/forms/status' },
  'applications.install': { method: 'POST', path: '/authtime/applications/package' },
  'applications.installProcess': { method: 'POST', path: '/authtime/applications/process' },
  'applications.list': { method: 'GET', path: '/authtime/applications' },
  'applications.resumeStartTimer': { method: 'POST', path: '/authtime/applications/start-timers/{id}/resume' },
  'applications.retryStartTimer': { method: 'POST', path: '/authtime/applications/start-timers/{id}/retry' },
  'applications.startTimers': { method: 'GET', path: '/authtime/applications/start-timers' },
  'applications.suspendStartTimer': { method: 'POST', path: '/authtime/applications/start-timers/{id}/suspend' },
  'applications.syncForms': { method: 'POST', path: '/authtime/runtime/synchronization/forms' },
  'auth.captcha': { method: 'GET', path: '/authtime/captcha' },
  'auth.changePassword': { method: 'POST', path: '/authtime/password' },
  'auth.login': { method: 'POST', path: '/authtime/login' },
  'auth.logout': { method: 'POST', path: '/authtime/logout' },
  'auth.myprofile': { method: 'GET', path: '/authtime/myprofile' },
  'calendars.create': { method: 'POST', path: '/authtime/domain/{id}/calendar' },
  'calendars.createSpecialDay': { method: 'POST', path: '/authtime/domain/calendar/{id}/specialday' },
  'calendars.delete': { method: 'DELETE', path: '/authtime/domain/{id}/calendar' },
  'calendars.deleteSpecialDays': { method: 'DELETE', path: '/authtime/domain/calendar/deletespecialday' },
  'calendars.exportIcs': { method: 'GET', path: '/authtime/domain/calendar/{id}/ics' },
  'calendars.get': { method: 'GET', path: '/authtime/domain/{id}/calendar/{calendarid}' },
  'calendars.importIcs': { method: 'POST', path: '/authtime/domain/calendar/{id}/specialdays/import' },
  'calendars.list': { method: 'POST', path: '/authtime/domain/{id}/calendars', effects: false },
  'calendars.options': { method: 'GET', path: '/authtime/domain/{id}/getworkcalendars' },
  'calendars.saveStandardDay': { method: 'PUT', path: '/authtime/domain/calendar/{id}/standardday' },
  'calendars.specialDays': { method: 'GET', path: '/authtime/domain/calendar/{id}/specialdays' },
  'calendars.standardDay': { method: 'GET', path: '/authtime/domain/calendar/{id}/standardday' },
  'calendars.update': { method: 'PUT', path: '/authtime/domain/{id}/calendar/{calendarid}' },
  'calendars.updateSpecialDay': { method: 'PUT', path: '/authtime/domain/calendar/{id}/specialday/{dayid}' },
  'calendars.view': { method: 'GET', path: '/authtime/domain/calendar/{id}/viewcalender' },
  'cloudCenter.endRelation': { method: 'DELETE', path: '/authtime/domain/{id}/relation' },
  'cloudCenter.registerUsers': { method: 'POST', path: '/authtime/domain/{id}/cloudcenter/user' },
  'config.export': { method: 'GET', path: '/authtime/config/export' },
  'config.get': { method: 'GET', path: '/authtime/config' },
  'config.import': { method: 'POST', path: '/authtime/config/import' },
  'config.save': { method: 'PUT', path: '/authtime/config' },
  'departments.children': { method: 'GET', path: '/authtime/domain/{id}/department/{depid}/subdepartments' },
  'departments.create': { method: 'POST', path: '/authtime/domain/{id}/department' },
  'departments.delete': { method: 'DELETE', path: '/authtime/domain/{id}/department' },
  'departments.get': { method: 'GET', path: '/authtime/department/{id}' },
  'departments.list': { method: 'POST', path: '/authtime/domain/{id}/departments', effects: false },
  'departments.root': { method: 'GET', path: '/authtime/domain/{id}/department/root' },
  'departments.update': { method: 'PUT', path: '/authtime/domain/{id}/department/{depid}' },
  'departments.users': { method: 'GET', path: '/authtime/department/{id}/users' },
  'directory.testConnection': { method: 'POST', path: '/authtime/config/ldap/test' },
  'directorySync.dryRun': { method: 'POST', path: '/authtime/domain/synchldap/dryrun' },
  'directorySync.run': { method: 'POST', path: '/authtime/domain/synchldap' },
  'directorySync.runs': { method: 'GET', path: '/authtime/domain/synchldap/runs' },
  'directorySync.saveSettings': { method: 'PUT', path: '/authtime/domain/synchldap/settings' },
  'directorySync.settings': { method: 'GET', path: '/authtime/domain/synchldap/settings' },
  'directorySync.status': { method: 'GET', path: '/authtime/domain/synchldap/run' },
  'domainAdmins.add': { method: 'PUT', path: '/authtime/domain/{id}/admin' },
  'domainAdmins.candidates': { method: 'POST', path: '/authtime/domain/{id}/notadmins', effects: false },
  'domainAdmins.list': { method: 'POST', path: '/authtime/domain/{id}/admins', effects: false },
  'domainAdmins.remove': { method: 'DELETE', path: '/authtime/domain/{id}/admin' },
  'domainApplications.bind': { method: 'PUT', path: '/authtime/domain/{id}/application' },
  'domainApplications.bound': { method: 'POST', path: '/authtime/domain/{id}/applications/bind', effects: false },
  'domainApplications.disable': { method: 'PUT', path: '/authtime/domain/{id}/application/disable' },
  'domainApplications.enable': { method: 'PUT', path: '/authtime/domain/{id}/application/enable' },
  'domainApplications.getDefault': { method: 'GET', path: '/authtime/domain/{id}/defaultapp' },
  'domainApplications.modules': { method: 'GET', path: '/authtime/domain/{id}/application/{applicationId}/modules' },
  'domainApplications.nodeApprovers': { method: 'GET', path: '/authtime/domain/{id}/application/{applicationId}/approvers' },
  'domainApplications.setDefault': { method: 'PUT', path: '/authtime/domain/{id}/defaultapp' },
  'domainApplications.setModules': { method: 'PUT', path: '/authtime/domain/{id}/application/{applicationId}/modules' },
  'domainApplications.setNodeApprovers': { method: 'PUT', path: '/authtime/domain/{id}/application/{applicationId}/approvers' },
  'domainApplications.unbind': { method: 'DELETE', path: '/authtime/domain/{id}/application' },
  'domainApplications.unbound': { method: 'POST', path: '/authtime/domain/{id}/applications/unbind', effects: false },
  'domains.create': { method: 'POST', path: '/authtime/domain' },
  'domains.delete': { method: 'DELETE', path: '/authtime/domain' },
  'domains.deleteImpact': { method: 'POST', path: '/authtime/domain/delete-impact', effects: false },
  'domains.get': { method: 'GET', path: '/authtime/domain/{id}' },
  'domains.list': { method: 'POST', path: '/authtime/domains', effects: false },
  'domains.update': { method: 'PUT', path: '/authtime/domain/{id}' },
  'fieldExtends.create': { method: 'POST', path: '/authtime/domain/fieldextend' },
  'fieldExtends.delete': { method: 'DELETE', path: '/authtime/domain/fieldextends' },
  'fieldExtends.list': { method: 'POST', path: '/authtime/domain/fieldextends', effects: false },
  'fieldExtends.unused': { method: 'GET', path: '/authtime/domain/getunusefields' },
  'fieldExtends.update': { method: 'PUT', path: '/authtime/domain/fieldextend/{id}' },
  'flowAnalytics.flowAndNodeTime': { method: 'GET', path: '/authtime/domain/workflow/analytics/flowAndNodeTimeConsuming' },
  'flowAnalytics.flowShare': { method: 'GET', path: '/authtime/domain/workflow/analytics/flowAccounting' },
  'flowAnalytics.flowTimeShare': { method: 'GET', path: '/authtime/domain/workflow/analytics/flowTimeConsumingAccounting' },
  'flowAnalytics.slowestNodes': { method: 'GET', path: '/authtime/domain/workflow/analytics/doAnalyzerActorTimeConsumingTopX' },
  'flows.batchApprovers': { method: 'PUT', path: '/authtime/domain/workflow/approvers/batch' },
  'flows.cancelJob': { method: 'DELETE', path: '/authtime/domain/workflow/jobs/{id}' },
  'flows.delete': { method: 'DELETE', path: '/authtime/domain/applicationid/{id}/workflow/flowstaterts' },
  'flows.get': { method: 'GET', path: '/authtime/domain/workflow/flowstatert' },
  'flows.intervene': { method: 'POST', path: '/authtime/domain/workflow/intervention/doflow' },
  'flows.list': { method: 'POST', path: '/authtime/domain/{id}/workflow/flowstaterts', effects: false },
  'flows.nodeApprovers': { method: 'GET', path: '/authtime/domain/workflow/intervention/approvers' },
  'flows.otherNodes': { method: 'GET', path: '/authtime/domain/workflow/intervention/othernodes' },
  'flows.platformFlows': { method: 'GET', path: '/authtime/domain/applications/{id}/platform/flows' },
  'flows.platformInstances': { method: 'GET', path: '/authtime/domain/applications/{id}/platform/instance' },
  'flows.platformUsers': { method: 'GET', path: '/authtime/domain/applications/{id}/platform/allusers' },
  'flows.previewIntervention': { method: 'POST', path: '/authtime/domain/workflow/intervention/preview', effects: false },
  'flows.retryJob': { method: 'POST', path: '/authtime/domain/workflow/jobs/{id}/retry' },
  'flows.selectApprovers': { method: 'GET', path: '/authtime/domain/documents/{docId}/workflows/{flowId}/selectApprovers' },
  'flows.startTimers': { method: 'GET', path: '/authtime/domain/{id}/workflow/start-timers' },
  'flows.undoBatch': { method: 'POST', path: '/authtime/domain/workflow/approvers/batch/{id}/undo' },
  'im.appUrls': { method: 'GET', path: '/authtime/domain/{id}/application/{applicationId}/imurls' },
  'im.dingdingAppGet': { method: 'GET', path: '/authtime/domain/{id}/application/{applicationId}/dingding' },
  'im.dingdingAppSave': { method: 'PUT', path: '/authtime/domain/{id}/application/{applicationId}/dingding' },
  'im.dingdingGet': { method: 'GET', path: '/authtime/domain/{id}/dingding' },
  'im.dingdingSave': { method: 'PUT', path: '/authtime/domain/{id}/dingding' },
  'im.dingdingVerify': { method: 'POST', path: '/authtime/domain/{id}/dingding/verify' },
  'im.feishuAppGet': { method: 'GET', path: '/authtime/domain/{id}/application/{applicationId}/feishu' },
  'im.feishuAppSave': { method: 'PUT', path: '/authtime/domain/{id}/application/{applicationId}/feishu' },
  'im.feishuGet': { method: 'GET', path: '/authtime/domain/{id}/feishu' },
  'im.feishuSave': { method: 'PUT', path: '/authtime/domain/{id}/feishu' },
  'im.feishuVerify': { method: 'POST', path: '/authtime/domain/{id}/feishu/verify' },
  'im.wechatAppGet': { method: 'GET', path: '/authtime/domain/{id}/application/{applicationId}/wechat' },
  'im.wechatAppSave': { method: 'PUT', path: '/authtime/domain/{id}/application/{applicationId}/wechat' },
  'im.wechatGet': { method: 'GET', path: '/authtime/domain/{id}/wechat' },
  'im.wechatSave': { method: 'PUT', path: '/authtime/domain/{id}/wechat' },
  'im.wechatVerify': { method: 'POST', path: '/authtime/domain/{id}/wechat/verify' },
  'imEntry.dingding': { method: 'GET', path: '/authtime/im/dingding/entry/{domainId}/{applicationId}' },
  'imEntry.dingdingCallback': { method: 'GET', path: '/authtime/im/dingding/entry/{domainId}/{applicationId}/callback', effects: true },
  'imEntry.feishu': { method: 'GET', path: '/authtime/im/feishu/entry/{domainId}/{applicationId}' },
  'imEntry.feishuCallback': { method: 'GET', path: '/authtime/im/feishu/entry/{domainId}/{applicationId}/callback', effects: true },
  'imEntry.wechat': { method: 'GET', path: '/authtime/im/wechat/entry/{domainId}/{applicationId}' },
  'imEntry.wechatCallback': { method: 'GET', path: '/authtime/im/wechat/entry/{domainId}/{applicationId}/callback', effects: true },
  'imSync.fromDingding': { method: 'PUT', path: '/authtime/domain/{id}/synchfromdingding' },
  'imSync.fromFeishu': { method: 'PUT', path: '/authtime/domain/{id}/synchfromfeishu' },
  'imSync.fromWechat': { method: 'PUT', path: '/authtime/domain/{id}/synchfromwechat' },
  'imSync.runs': { method: 'GET', path: '/authtime/weixin/synchronization/runs' },
  'imSync.show': { method: 'GET', path: '/authtime/weixin/synchronization/show' },
  'imSync.toDingding': { method: 'PUT', path: '/authtime/domain/{id}/synch2dingding' },
  'imSync.toFeishu': { method: 'PUT', path: '/authtime/domain/{id}/synch2feishu' },
  'imSync.toWechat': { method: 'PUT', path: '/authtime/domain/{id}/synch2wechat' },
  'knowledge.save': { method: 'PUT', path: '/authtime/domain/{id}/application/{applicationId}/savekmconfig' },
  'knowledge.status': { method: 'GET', path: '/authtime/domain/{id}/application/{applicationId}/getkmstatus' },
  'lookups.applications': { method: 'GET', path: '/authtime/lookups/applications' },
  'lookups.departments': { method: 'GET', path: '/authtime/lookups/departments' },
  'lookups.domains': { method: 'GET', path: '/authtime/lookups/domains' },
  'mailSettings.get': { method: 'GET', path: '/authtime/domain/{id}/email' },
  'mailSettings.save': { method: 'PUT', path: '/authtime/domain/{id}/email' },
  'mailSettings.test': { method: 'POST', path: '/authtime/domain/{id}/email/test' },
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
  'monitoring.history': { method: 'GET', path: '/authtime/systemMonitor' },
  'monitoring.offline': { method: 'DELETE', path: '/authtime/onlines/{id}' },
  'monitoring.onlines': { method: 'GET', path: '/authtime/onlines' },
  'monitoring.perfExport': { method: 'GET', path: '/authtime/jamon/export' },
  'monitoring.perfInfo': { method: 'POST', path: '/authtime/jamon/jamonAdminInfo' },
  'monitoring.perfMenu': { method: 'GET', path: '/authtime/jamon/menu', effects: true },
  'monitoring.pool': { method: 'GET', path: '/authtime/pool/monitor' },
  'monitoring.sample': { method: 'GET', path: '/authtime/system/monitor/time' },
  'notices.log': { method: 'GET', path: '/authtime/notices' },
  'notices.scan': { method: 'POST', path: '/authtime/notices/scan' },
  'openApi.accessToken': { method: 'GET', path: '/rest/accessToken' },
  'openApi.regenerate': { method: 'PUT', path: '/authtime/domain/{id}/secret' },
  'openApi.secretStatus': { method: 'GET', path: '/authtime/domain/{id}/secret' },
  'openApi.services': { method: 'GET', path: '/authtime/domain/{id}/services' },
  'operationLog.delete': { method: 'DELETE', path: '/authtime/domain/{id}/loggers' },
  'operationLog.export': { method: 'GET', path: '/authtime/domain/{id}/logger/export' },
  'operationLog.get': { method: 'GET', path: '/authtime/domain/{id}/logger' },
  'operationLog.list': { method: 'POST', path: '/authtime/domain/{id}/loggers', effects: false },
  'operationLog.update': { method: 'PUT', path: '/authtime/domain/{id}/logger' },
  'operationLog.verify': { method: 'POST', path: '/authtime/domain/{id}/logger/verify' },
  'permissions.effective': { method: 'GET', path: '/authtime/applications/{id}/permissions/effective' },
  'permissions.export': { method: 'GET', path: '/authtime/applications/{id}/permissions/export' },
  'permissions.get': { method: 'GET', path: '/authtime/applications/{id}/permissions' },
  'permissions.mobileMenus': { method: 'GET', path: '/authtime/applications/{id}/permissions/mobile' },
  'permissions.moduleResources': { method: 'GET', path: '/authtime/applications/{id}/modules/{moduleId}/permissions' },
  'permissions.modules': { method: 'GET', path: '/authtime/applications/{id}/permissions/module' },
  'permissions.pcMenus': { method: 'GET', path: '/authtime/applications/{id}/permissions/pc' },
  'permissions.save': { method: 'POST', path: '/authtime/applications/{id}/permissions' },
  'roles.assign': { method: 'PUT', path: '/authtime/role/{id}/users' },
  'roles.create': { method: 'POST', path: '/authtime/application/{id}/role' },
  'roles.delete': { method: 'DELETE', path: '/authtime/application/{id}/role' },
  'roles.list': { method: 'POST', path: '/authtime/application/{id}/roles', effects: false },
  'roles.unassign': { method: 'DELETE', path: '/authtime/role/{id}/users' },
  'roles.update': { method: 'PUT', path: '/authtime/application/{id}/role' },
  'runtime.back': { method: 'POST', path: '/rest/bpm/runtime/back' },
  'runtime.completeExternal': { method: 'POST', path: '/rest/bpm/external-task/complete' },
  'runtime.correlate': { method: 'POST', path: '/rest/bpm/runtime/message' },
  'runtime.delete': { method: 'GET', path: '/rest/bpm/runtime/delete', effects: true },
  'runtime.externalError': { method: 'POST', path: '/rest/bpm/external-task/bpmn-error' },
  'runtime.failExternal': { method: 'POST', path: '/rest/bpm/external-task/failure' },
  'runtime.fetchExternal': { method: 'POST', path: '/rest/bpm/external-task/fetch-and-lock' },
  'runtime.instance': { method: 'GET', path: '/rest/bpm/query/instance' },
  'runtime.messages': { method: 'GET', path: '/rest/bpm/messages' },
  'runtime.processes': { method: 'GET', path: '/rest/bpm/query/processes' },
  'runtime.queryBack': { method: 'POST', path: '/rest/bpm/query/back', effects: false },
  'runtime.querySubmit': { method: 'POST', path: '/rest/bpm/query/submission', effects: false },
  'runtime.readMessages': { method: 'POST', path: '/rest/bpm/messages/read' },
  'runtime.retract': { method: 'POST', path: '/rest/bpm/runtime/retracement' },
  'runtime.start': { method: 'POST', path: '/rest/bpm/runtime/start' },
  'runtime.submit': { method: 'POST', path: '/rest/bpm/runtime/submission' },
  'runtime.tasks': { method: 'GET', path: '/rest/bpm/query/tasks' },
  'sms.test': { method: 'GET', path: '/authtime/domain/{id}/sms/{phone}', effects: true },
  'superusers.create': { method: 'POST', path: '/authtime/superuser' },
  'superusers.delete': { method: 'DELETE', path: '/authtime/superuser' },
  'superusers.get': { method: 'GET', path: '/authtime/superuser/{id}' },
  'superusers.list': { method: 'GET', path: '/authtime/superuser' },
  'superusers.unlock': { method: 'POST', path: '/authtime/superuser/{id}/unlock' },
  'superusers.update': { method: 'PUT', path: '/authtime/superuser/{id}' },
  'timedTasks.list': { method: 'POST', path: '/authtime/domain/tasks', effects: false },
  'timedTasks.runs': { method: 'GET', path: '/authtime/domain/task/runs' },
  'timedTasks.start': { method: 'PUT', path: '/authtime/domain/task/start' },
  'timedTasks.stop': { method: 'PUT', path: '/authtime/domain/task/stop' },
  'transfer.exportDepartments': { method: 'GET', path: '/authtime/domain/{id}/department/export' },
  'transfer.exportUsers': { method: 'GET', path: '/authtime/domain/{id}/user/export' },
  'transfer.importDepartments': { method: 'POST', path: '/authtime/domain/{id}/department/import' },
  'transfer.importUsers': { method: 'POST', path: '/authtime/domain/{id}/user/import' },
  'transfer.template': { method: 'GET', path: '/uploads/resource/{name}' },
  'uploads.deleteIcons': { method: 'DELETE', path: '/authtime/icon' },
  'uploads.icons': { method: 'GET', path: '/authtime/icons' },
  'uploads.list': { method: 'GET', path: '/authtime/uploads' },
  'uploads.skins': { method: 'GET', path: '/authtime/skins' },
  'uploads.upload': { method: 'POST', path: '/authtime/uploads' },
  'users.batch': { method: 'POST', path: '/authtime/user/batch' },
  'users.create': { method: 'POST', path: '/authtime/domain/{id}/user' },
  'users.delete': { method: 'DELETE', path: '/authtime/domain/{id}/user' },
  'users.findByLoginNo': { method: 'GET', path: '/authtime/domain/{id}/user' },
  'users.get': { method: 'GET', path: '/authtime/domain/{id}/user/{userid}' },
  'users.list': { method: 'POST', path: '/authtime/domain/{id}/users', effects: false },
  'users.relation': { method: 'GET', path: '/authtime/user/{id}/rolewithdeptandkmrelation' },
  'users.resign': { method: 'PUT', path: '/authtime/user/abandonment' },
  'users.update': { method: 'PUT', path: '/authtime/domain/{id}/user' },
} as const satisfies Record<CallId, { method: string; path: string; effects?: boolean }>;

/** The console's own calls (`meta.*`): what it needs before the catalogue has arrived. */
export const metaCallRoutes = {
  'meta.catalogue': { method: 'GET', path: '/authtime/catalogue' },
  'meta.globalconfig': { method: 'GET', path: '/authtime/globalconfig' },
  'meta.health': { method: 'GET', path: '/authtime/health' },
  'meta.locale': { method: 'GET', path: '/authtime/locales/{lang}' },
  'meta.openapi': { method: 'GET', path: '/authtime/openapi.json' },
} as const satisfies Partial<typeof callRoutes>;
