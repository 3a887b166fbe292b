// Starts buildApp on a test database and a temporary data directory, listening on a random port.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, catalogueFor } from '../../../src/server/app.ts';
import type { JobPollerOptions } from '../../../src/server/workflow/waits/job-poller.ts';
import type { Db } from '../../../src/server/db/schema.ts';
import type { AtriumDatabase } from '../../../src/server/db/connect.ts';
import { CAPTCHA_COOKIE } from '../../../src/server/auth/captcha-store.ts';
import type { Catalogue } from '../../../src/core/catalogue/types.ts';
import { loggingGateway } from '../../../src/server/integrations/sms/logging-gateway.ts';
import type { SmsGateway } from '../../../src/server/integrations/sms/sms-gateway.ts';
import type { Mailer } from '../../../src/server/integrations/mail/mailer.ts';
import { ApiClient } from './api-client.ts';
import { timed } from '../../support/phase-times.ts';
import { TEST_ADMIN_PASSWORD, type DatabaseTarget, type OpenedDatabase, type TestDatabase } from './databases.ts';
import { LIMITED_CALLS, type RateLimits } from '../../../src/server/plugins/rate-limits.ts';
import type { TrustProxy } from '../../../src/server/http/trust-proxy.ts';
import type { SuiteEndpoints } from '../../../src/server/integrations/im/suite-endpoints.ts';

export interface TestServer {
  url: string;
  database: AtriumDatabase;
  db: Db;
  dataDir: string;
  catalogue: Catalogue;
  app: FastifyInstance;
  /** A new client; with a language it sends the atrium_lang cookie. */
  client(language?: 'en' | 'zh' | 'cn'): ApiClient;
  /** A client signed in as that user (solving the check code from the database when it is on). */
  signedIn(username: string, password: string, language?: 'en' | 'zh' | 'cn'): Promise<ApiClient>;
  /** Another server instance (its own app and data directory, on PostgreSQL its own pool) on the same
   *  database, closed with this one. */
  secondInstance(options?: TestServerOptions): Promise<TestServer>;
  /** The names of the files stored under uploads/<parts…> of this server's data directory ([] when none). */
  uploadedFiles(...parts: string[]): string[];
  close(): Promise<void>;
}

export const ADMIN = { username: 'admin', password: TEST_ADMIN_PASSWORD };
export const ACME = { username: 'acme', password: 'Acme@2026' };
export const GLOBEX = { username: 'globex', password: 'Globex@2026' };

/** Clients signed in as the super administrator, the Acme and Globex tenant administrators and Acme's
 *  Sales department administrator: the callers a reach test compares. */
export async function signedInCallers(server: TestServer) {
  const [admin, acme, globex, sales] = await Promise.all([
    server.signedIn(ADMIN.username, ADMIN.password, 'en'),
    server.signedIn(ACME.username, ACME.password, 'en'),
    server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
    server.signedIn('sales', 'Sales@2026', 'en'),
  ]);
  return { admin, acme, globex, sales };
}

/** Fetches a check-code image and reads its text from the captchas table, as a person would read it. */
export async function solveCaptcha(client: ApiClient, db: Db): Promise<string> {
  const response = await client.raw('GET', '/authtime/captcha');
  if (!response.ok) throw new Error(`captcha answered ${response.status}`);
  await response.text();
  const id = client.cookies.get(CAPTCHA_COOKIE);
  const row = await db
    .selectFrom('captchas')
    .select('text')
    .where('id', '=', id ?? '')
    .executeTakeFirstOrThrow();
  return row.text;
}

export interface TestServerOptions {
  captcha?: boolean;
  extraCatalogueRoots?: string[];
  /** Default: the logging provider (whatever the environment says). */
  smsGateway?: SmsGateway;
  /** Base URL of the messaging service users are pushed to (a fake one started by the test). */
  messagingUrl?: string;
  /** Default: no mail (whatever the environment says). */
  mailer?: Mailer;
  /** Per-call rate limits; default: far above what any test sends from 127.0.0.1. */
  rateLimits?: Partial<RateLimits>;
  /** Default: nobody trusted to forward the client's address. */
  trustProxy?: TrustProxy;
  /** Serve /metrics (docs/adr/0062-performance-monitor.md), asking for this bearer token when given. */
  metrics?: boolean;
  metricsToken?: string;
  /** A built console to serve at /; default: none (/ says how to build one). */
  consoleDir?: string;
  /** The messaging suites' addresses (local fakes); default: an address nothing answers. */
  suites?: Partial<SuiteEndpoints>;
  /** Let a suite sign in an enterprise's administrators (ATRIUM_SUITE_SIGNIN_PRIVILEGED); default no. */
  suitePrivilegedSignIn?: boolean;
  /** Fire the engine's due timers (docs/adr/0127-jobs-and-external-tasks.md); default: no poller. */
  jobs?: JobPollerOptions;
  /** Keep list pages between calls (the app's `listCache`); default on. */
  listCache?: boolean;
}

const UNTHROTTLED = Object.fromEntries(
  LIMITED_CALLS.map((call) => [call, { max: 100_000, windowSeconds: 60 }]),
) as RateLimits;

/** One catalogue per set of roots per worker: the tests never change a loaded catalogue, and the
 *  validators compiled for it (kept per catalogue object) then serve every server of the worker. */
const catalogues = new Map<string, Catalogue>();
function catalogueOf(extraRoots: string[]): Catalogue {
  const key = extraRoots.join('\n');
  let catalogue = catalogues.get(key);
  if (!catalogue) catalogues.set(key, (catalogue = catalogueFor({ extraCatalogueRoots: extraRoots })));
  return catalogue;
}

export async function startTestServer(target: DatabaseTarget, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-api-'));
  return serve(await target.open(dataDir), dataDir, options);
}

async function serve(
  opened: OpenedDatabase & Partial<Pick<TestDatabase, 'second'>>,
  dataDir: string,
  options: TestServerOptions,
): Promise<TestServer> {
  const { database, dispose } = opened;
  const app = await timed('buildApp', () =>
    buildApp({
      database,
      dataDir,
      metrics: options.metrics ?? false,
      metricsToken: options.metricsToken,
      captcha: options.captcha ?? false,
      catalogue: catalogueOf(options.extraCatalogueRoots ?? []),
      consoleDir: options.consoleDir ?? join(dataDir, 'no-console'),
      smsGateway: options.smsGateway ?? loggingGateway(),
      messagingUrl: options.messagingUrl ?? 'http://127.0.0.1:9/unused',
      suites: {
        wechat: 'http://127.0.0.1:9/unused',
        dingding: 'http://127.0.0.1:9/unused',
        feishu: 'http://127.0.0.1:9/unused',
        ...options.suites,
      },
      suitePrivilegedSignIn: options.suitePrivilegedSignIn ?? false,
      mailer: options.mailer,
      rateLimits: { ...UNTHROTTLED, ...options.rateLimits },
      trustProxy: options.trustProxy ?? false,
      jobs: options.jobs,
      listCache: options.listCache,
    }),
  );
  const others: TestServer[] = [];
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const captcha = options.captcha ?? false;
  const server: TestServer = {
    uploadedFiles(...parts) {
      const dir = join(dataDir, 'uploads', ...parts);
      return existsSync(dir) ? readdirSync(dir) : [];
    },
    url: address,
    database,
    db: database.db,
    dataDir,
    catalogue: app.services.catalogue,
    app,
    client: (language) => new ApiClient(address, language),
    async signedIn(username, password, language) {
      const client = new ApiClient(address, language);
      const checkcode = captcha ? await solveCaptcha(client, database.db) : '';
      const { reply } = await timed('sign-in', () => client.login(username, password, checkcode));
      if (reply.errcode !== 0) throw new Error(`login of ${username} failed: ${reply.errmsg}`);
      return client;
    },
    async secondInstance(secondOptions = {}) {
      if (!opened.second) throw new Error('a second instance is started from the first');
      const other = await serve(await opened.second(), mkdtempSync(join(tmpdir(), 'atrium-api-')), secondOptions);
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await timed('app.close', () => app.close());
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
