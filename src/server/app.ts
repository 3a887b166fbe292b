// Builds the Fastify application on a database the caller opened (main.ts, tests, the benchmark).
// No side effects at import time; nothing listens until the caller says so.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { join } from 'node:path';
import { loadCatalogue, PROJECT_ROOT, catalogueRoots } from '../core/catalogue/from-disk.ts';
import type { Catalogue } from '../core/catalogue/types.ts';
import type { AtriumDatabase } from './db/connect.ts';
import type { AppServices } from './services.ts';
import { sessionCache } from './auth/sessions.ts';
import { userAnchors, userPageCache } from './areas/users/user-pages.ts';
import { flowTotals } from './areas/flows/list-totals.ts';
import { flowAnchorCache } from './areas/flows/list-anchors.ts';
import { flowPageCache } from './areas/flows/list-pages.ts';
import { peopleByName } from './areas/flows/people-by-name.ts';
import { logPages } from './areas/operation-log/log-pages.ts';
import { keepKnownTenants } from './areas/domains/known-tenants.ts';
import { totalPolicyFromEnv, type TotalPolicy } from './db/list-total.ts';
import { storedSettingsCache } from './http/stored-settings.ts';
import requestContext from './plugins/request-context.ts';
import errorHandler, { answerFrameworkError } from './plugins/error-handler.ts';
import securityHeaders from './plugins/security-headers.ts';
import catalogueRoutes from './plugins/catalogue-routes.ts';
import staticFiles from './plugins/static-files.ts';
import metrics from './plugins/metrics.ts';
import { useJsonBodyParser } from './http/json-body.ts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import { smsGatewayFromEnv } from './integrations/sms/gateway-from-env.ts';
import type { SmsGateway } from './integrations/sms/sms-gateway.ts';
import {
  privilegedSuiteSignInFromEnv,
  suiteEndpointsFromEnv,
  type SuiteEndpoints,
} from './integrations/im/suite-endpoints.ts';
import uploadParser from './plugins/upload-parser.ts';
import rateLimits, { rateLimitsFromEnv, type RateLimits } from './plugins/rate-limits.ts';
import { mailerFromEnv, type Mailer } from './integrations/mail/mailer.ts';
import { outboundPolicy } from './integrations/outbound/outbound-policy.ts';
import { serverSampler } from './monitoring/server-sampler.ts';
import { logWriter } from './operation-log/log-writer.ts';
import { secretFieldsOf } from './operation-log/secret-fields.ts';
import { PLATFORM_TASKS, withBans } from './timed-tasks/platform-tasks.ts';
import { registerTasks } from './timed-tasks/run-store.ts';
import { startTimedTasks } from './timed-tasks/scheduler.ts';
import { namePiecesFromEnv, startNamePieces } from './areas/users/name-pieces-fill.ts';
import { startJobPoller, type JobPollerOptions } from './workflow/waits/job-poller.ts';
// Links call activities into the engine (workflow/call-links.ts).
import './workflow/call-activity.ts';

export interface AppOptions {
  database: AtriumDatabase;
  dataDir: string;
  /** Check codes at login; default true (ATRIUM_CAPTCHA=off turns them off). */
  captcha?: boolean;
  /** The catalogue to serve; default: loaded from the project and ATRIUM_CATALOGUE_EXTRA. */
  catalogue?: Catalogue;
  /** Extra catalogue roots (same layout as the project), used when `catalogue` is not given. */
  extraCatalogueRoots?: string[];
  consoleDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Default: chosen by the ATRIUM_SMS_* environment variables (the logging provider when unset). */
  smsGateway?: SmsGateway;
  /** Default: ATRIUM_MESSAGING_URL, else the public Easemob REST address. */
  messagingUrl?: string;
  /** The messaging suites' addresses; default: ATRIUM_WECHAT_URL, ATRIUM_DINGTALK_URL, ATRIUM_FEISHU_URL, else the vendors' hosts. */
  suites?: Partial<SuiteEndpoints>;
  /** May a suite sign in an administrator or officer? Default: ATRIUM_SUITE_SIGNIN_PRIVILEGED=on, else no. */
  suitePrivilegedSignIn?: boolean;
  /** Per-call limits replacing those of the environment (ATRIUM_RATE_LIMIT_*, else the defaults). */
  rateLimits?: Partial<RateLimits>;
  /** Default: ATRIUM_SMTP_URL and ATRIUM_MAIL_FROM (no mail when unset); given as undefined → no mail. */
  mailer?: Mailer;
  /** Peers trusted to forward the client's address; default: ATRIUM_TRUST_PROXY (nobody when unset). */
  trustProxy?: TrustProxy;
  /** Run the timed tasks (password-expiry notices, task mails, session purge: docs/adr/0057-timed-tasks.md) until the app
   *  closes (main.ts; tests call the work themselves or start a scheduler of their own). */
  scheduleTasks?: boolean;
  /** Fire the engine's due timers (docs/adr/0127-jobs-and-external-tasks.md) until the app closes (main.ts;
   *  tests give a short interval). */
  jobs?: boolean | JobPollerOptions;
  /** List the tenants past a size and fill their names' pieces in the background until the app closes
   *  (docs/adr/0249-name-pieces-for-large-tenants.md; main.ts; tests fill them themselves). */
  namePieces?: boolean;
  /** Sample this instance every 5 s for the server charts (main.ts; tests sample on demand). */
  sampleServer?: boolean;
  /** Keep sessions and list pages between calls (docs/adr/0042-pages-kept-until-change.md); default: on unless ATRIUM_CACHE=off. */
  caches?: boolean;
  /** Keep pages of lists between calls; default true. The bench turns it off to measure reads. The users
   *  lists' deep-page anchors are kept either way: every page read from them checks them
   *  (docs/adr/0198-users-list-anchors-and-cost.md). */
  listCache?: boolean;
  /** When a list's total may be estimated; default: ATRIUM_COUNT_ESTIMATE_ABOVE, ATRIUM_EXACT_COUNT_TIMEOUT_MS (docs/adr/0173-estimated-totals-above-a-bound.md),
   *  ATRIUM_SEARCH_ESTIMATE_ABOVE, ATRIUM_SEARCH_WALK_PER_MATCH (docs/adr/0242-name-search-walk-and-lower-bound.md). */
  totalPolicy?: Partial<TotalPolicy>;
  /** Serve `/metrics` (Prometheus text format, docs/adr/0062-performance-monitor.md); default: ATRIUM_METRICS=on. */
  metrics?: boolean;
  /** Bearer token `/metrics` asks for; default: ATRIUM_METRICS_TOKEN (none when unset). */
  metricsToken?: string;
  /** Minimum age in days of log entries a retention delete removes; default ATRIUM_LOG_RETENTION_DAYS, else 180. */
  logRetentionDays?: number;
}

function retentionDays(options: AppOptions): number {
  if (options.logRetentionDays !== undefined) return options.logRetentionDays;
  const days = Number(process.env.ATRIUM_LOG_RETENTION_DAYS ?? 180);
  if (!Number.isInteger(days) || days < 0)
    throw new Error(
      `ATRIUM_LOG_RETENTION_DAYS must be a whole number of days, not "${process.env.ATRIUM_LOG_RETENTION_DAYS}"`,
    );
  return days;
}

/** The catalogue an app serves: the given one, else loaded from the roots (broken YAML stops the start). */
export function catalogueFor(options: Pick<AppOptions, 'catalogue' | 'extraCatalogueRoots'>): Catalogue {
  if (options.catalogue) return options.catalogue;
  const roots = options.extraCatalogueRoots ? [PROJECT_ROOT, ...options.extraCatalogueRoots] : catalogueRoots();
  const { catalogue, problems } = loadCatalogue(roots);
  const broken = problems.filter((p) => /not valid YAML|duplicate/.test(p.message));
  if (broken.length > 0)
    throw new Error(
      `the catalogue cannot be loaded:\n${broken.map((p) => `${p.file} ${p.pointer}: ${p.message}`).join('\n')}`,
    );
  return catalogue;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const caches = options.caches ?? process.env.ATRIUM_CACHE !== 'off';
  const catalogue = catalogueFor(options);
  outboundPolicy(); // a wrong ATRIUM_OUTBOUND_ALLOW stops the start, as the other integrations' settings do
  // Set once the app exists: a failed log write goes to its logger, never to the caller.
  let logError = (error: unknown) => console.error('operation log write failed', error);
  keepKnownTenants(options.database.db, caches);
  const services: AppServices = {
    database: options.database,
    db: options.database.db,
    catalogue,
    sessions: sessionCache(options.database.changes, caches),
    userPages: userPageCache(options.database.changes, caches && (options.listCache ?? true)),
    userAnchors: userAnchors(),
    flowTotals: flowTotals(caches && (options.listCache ?? true)),
    flowPages: flowPageCache(options.database.changes, caches && (options.listCache ?? true)),
    flowAnchors: flowAnchorCache(options.database.changes, caches && (options.listCache ?? true)),
    logPages: logPages(options.database.changes, caches && (options.listCache ?? true)),
    totalPolicy: { ...totalPolicyFromEnv(), ...options.totalPolicy },
    flowPeople: peopleByName(options.database.changes, caches && (options.listCache ?? true)),
    storedSettings: storedSettingsCache(options.database.changes, caches),
    dataDir: options.dataDir,
    captcha: options.captcha ?? true,
    consoleDir: options.consoleDir ?? join(PROJECT_ROOT, 'dist', 'console'),
    sms: options.smsGateway ?? smsGatewayFromEnv(),
    messagingUrl: options.messagingUrl ?? process.env.ATRIUM_MESSAGING_URL ?? 'https://a1.easemob.com',
    suites: suiteEndpointsFromEnv(process.env, options.suites),
    suitePrivilegedSignIn: options.suitePrivilegedSignIn ?? privilegedSuiteSignInFromEnv(),
    rateLimits: { ...rateLimitsFromEnv(), ...options.rateLimits },
    mailer: 'mailer' in options ? options.mailer : mailerFromEnv(),
    sampler: serverSampler(options.database.db),
    operationLog: logWriter(options.database.db, (error) => logError(error)),
    secretFields: secretFieldsOf(catalogue),
    logRetentionDays: retentionDays(options),
  };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    trustProxy: options.trustProxy ?? parseTrustProxy(process.env.ATRIUM_TRUST_PROXY),
  });
  logError = (error) => app.log.error({ err: error }, 'operation log write failed');
  useJsonBodyParser(app);
  await app.register(securityHeaders);
  await app.register(requestContext, services);
  await app.register(errorHandler);
  await app.register(uploadParser);
  await app.register(rateLimits);
  await app.register(catalogueRoutes);
  if (options.metrics ?? process.env.ATRIUM_METRICS === 'on')
    await app.register(metrics, { token: options.metricsToken ?? (process.env.ATRIUM_METRICS_TOKEN || undefined) });
  await app.register(staticFiles);
  // The tasks are listed on every deployment; they run where the caller asks for it.
  const tasks = withBans(PLATFORM_TASKS);
  await registerTasks(services.database.db, tasks);
  const scheduler = options.scheduleTasks ? await startTimedTasks(services, app.log, tasks) : undefined;
  services.timedTasks = scheduler;
  const jobs = options.jobs
    ? startJobPoller(
        services.db,
        (err, jobId) => app.log.warn({ err, jobId }, 'a timer failed to fire'),
        // Side by side on PostgreSQL's pool, a round's claim one group of ten per lane (no lane idle
        // while another ends the round); one at a time on PGlite's one connection (job-poller.ts).
        {
          ...(services.database.kind === 'postgres' ? { concurrency: 4, batch: 40 } : {}),
          ...(options.jobs === true ? {} : options.jobs),
        },
      )
    : undefined;
  const pieces = options.namePieces
    ? startNamePieces(services.db, namePiecesFromEnv(), (err) => app.log.warn({ err }, "names' pieces fill failed"))
    : undefined;
  const stopSampling = options.sampleServer
    ? services.sampler.start((err) => app.log.warn({ err }, 'server sample failed'))
    : undefined;
  app.addHook('onClose', async () => {
    await Promise.all([
      scheduler?.stop(),
      jobs?.stop(),
      pieces?.stop(),
      stopSampling?.(),
      services.operationLog.idle(),
    ]);
    services.mailer?.close();
  });
  return app;
}
