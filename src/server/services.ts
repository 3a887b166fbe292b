// What the server's parts share: the database, the loaded catalogue and the start-up options.
import type { TotalPolicy } from './db/list-total.ts';
import type { Catalogue } from '../core/catalogue/types.ts';
import type { AtriumDatabase } from './db/connect.ts';
import type { Db } from './db/schema.ts';
import type { SmsGateway } from './integrations/sms/sms-gateway.ts';
import type { SuiteEndpoints } from './integrations/im/suite-endpoints.ts';
import type { RateLimits } from './plugins/rate-limits.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { SessionRows } from './auth/sessions.ts';
import type { UserAnchors, UserPages } from './areas/users/user-pages.ts';
import type { FlowAnchors } from './areas/flows/list-anchors.ts';
import type { FlowTotals } from './areas/flows/list-totals.ts';
import type { PeopleByName } from './areas/flows/people-by-name.ts';
import type { LogPages } from './areas/operation-log/log-pages.ts';
import type { FlowPages } from './areas/flows/list-pages.ts';
import type { StoredSettings } from './http/stored-settings.ts';
import type { ServerSampler } from './monitoring/server-sampler.ts';
import type { LogWriter } from './operation-log/log-writer.ts';

export interface AppServices {
  database: AtriumDatabase;
  db: Db;
  catalogue: Catalogue;
  /** Sessions read by earlier calls, good until the database says something changed (docs/adr/0042-pages-kept-until-change.md). */
  sessions: SessionRows;
  /** Pages of users lists, good until users, departments or roles change (docs/adr/0042-pages-kept-until-change.md). */
  userPages: UserPages;
  /** Where a plain users list's deep pages start, checked against the list's stamp by every page read from them (docs/adr/0198-users-list-anchors-and-cost.md). */
  userAnchors: UserAnchors;
  /** Totals of the flow-monitoring list's searches, kept a few seconds (docs/adr/0070-flow-list-million-instances.md). */
  flowTotals: FlowTotals;
  /** Pages of the flow-monitoring list, good until instances or what they show change (docs/adr/0072-flow-list-pages-kept.md). */
  flowPages: FlowPages;
  /** Where the plain flow list's deep pages start, good until instances change (docs/adr/0138-flow-list-and-log-plans.md). */
  flowAnchors: FlowAnchors | null;
  /** Pages, totals and deep-page anchors of the operation log, good while its chain's stamp is the same (docs/adr/0146-log-pages-kept-and-anchored.md). */
  logPages: LogPages;
  /** When a list's total may be estimated and how long an exact one may count (docs/adr/0173-estimated-totals-above-a-bound.md). */
  totalPolicy: TotalPolicy;
  /** The users a flow-list search names, kept until users change (docs/adr/0042-pages-kept-until-change.md, docs/adr/0070-flow-list-million-instances.md). */
  flowPeople: PeopleByName;
  /** The stored language setting, for calls without the language cookie (docs/adr/0042-pages-kept-until-change.md, docs/adr/0070-flow-list-million-instances.md). */
  storedSettings: StoredSettings;
  /** Root of uploads and other files (uploads live in <dataDir>/uploads). */
  dataDir: string;
  /** false when ATRIUM_CAPTCHA=off: login skips the check code. */
  captcha: boolean;
  /** Built console (index.html and assets); absent → a page saying to build it. */
  consoleDir: string;
  /** Where test SMS go (the logging provider unless configured, see integrations/sms). */
  sms: SmsGateway;
  /** Base URL of the instant-messaging service users are pushed to (integrations/messaging). */
  messagingUrl: string;
  /** The messaging suites' addresses: the deployment's, never an enterprise's (integrations/im/suite-endpoints.ts). */
  suites: SuiteEndpoints;
  /** A suite may sign in an enterprise's administrators and officers (ATRIUM_SUITE_SIGNIN_PRIVILEGED=on; docs/adr/0082-suite-endpoints-and-sign-in.md). */
  suitePrivilegedSignIn: boolean;
  /** Per-address limits of login, check code, test SMS and password change (plugins/rate-limits.ts). */
  rateLimits: RateLimits;
  /** Where e-mail goes (ATRIUM_SMTP_URL, integrations/mail); absent → mail is skipped. */
  mailer?: Mailer;
  /** This instance's samples of itself for the server charts (docs/adr/0059-system-monitoring.md). */
  sampler: ServerSampler;
  /** The operation log's writer (docs/adr/0056-operation-log.md): entries are appended after their replies, in order. */
  operationLog: LogWriter;
  /** Property names the log masks (x-secret and password-encoded fields of the catalogue). */
  secretFields: ReadonlySet<string>;
  /** The youngest entries a retention delete may remove are this many days old (ATRIUM_LOG_RETENTION_DAYS, default 180). */
  logRetentionDays: number;
  /** This instance's timed tasks, when it runs them (docs/adr/0057-timed-tasks.md): told at once of a start or stop made here. */
  timedTasks?: { reconcile(): Promise<void> };
}

export function uploadsDir(services: Pick<AppServices, 'dataDir'>): string {
  return `${services.dataDir.replace(/\/+$/, '')}/uploads`;
}
