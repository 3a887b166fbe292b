// Where the three messaging suites are (docs/adr/0082-suite-endpoints-and-sign-in.md): the
// deployment's choice, never an enterprise's. A tenant that could name the address would choose who
// answers its sign-ins and where its secrets go. Read here once at start; buildApp's `suites` option
// replaces it (the tests' local suites).
import { DINGDING_API } from '../dingding/dingding-directory.ts';
import { FEISHU_API } from '../feishu/feishu-directory.ts';
import { WECHAT_API } from '../wechat/wechat-directory.ts';

export interface SuiteEndpoints {
  wechat: string;
  dingding: string;
  feishu: string;
}

const VARIABLES: Record<keyof SuiteEndpoints, [name: string, vendor: string]> = {
  wechat: ['ATRIUM_WECHAT_URL', WECHAT_API],
  dingding: ['ATRIUM_DINGTALK_URL', DINGDING_API],
  feishu: ['ATRIUM_FEISHU_URL', FEISHU_API],
};

/** An http(s) address without query or fragment, its trailing slashes dropped; else a start-up error. */
function endpoint(name: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password)
    throw new Error(`${name} must be an http(s) address without query, fragment or credentials, not "${value}"`);
  return value.replace(/\/+$/, '');
}

/** The real vendors' hosts unless ATRIUM_WECHAT_URL, ATRIUM_DINGTALK_URL or ATRIUM_FEISHU_URL say otherwise. */
export function suiteEndpointsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  given: Partial<SuiteEndpoints> = {},
): SuiteEndpoints {
  const out = {} as SuiteEndpoints;
  for (const [service, [name, vendor]] of Object.entries(VARIABLES) as Array<[keyof SuiteEndpoints, [string, string]]>)
    out[service] = endpoint(name, given[service] ?? (env[name]?.trim() || vendor));
  return out;
}

/** ATRIUM_SUITE_SIGNIN_PRIVILEGED=on lets a suite sign in an enterprise's administrators and officers (off by default). */
export const privilegedSuiteSignInFromEnv = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.ATRIUM_SUITE_SIGNIN_PRIVILEGED === 'on';
