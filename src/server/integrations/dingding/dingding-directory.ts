// DingTalk (钉钉) address book, as https://oapi.dingtalk.com speaks it (docs/adr/0061-messaging-suites.md):
//   GET  /gettoken?appkey&appsecret                               → {errcode, errmsg, access_token, expires_in}
//   POST /topapi/v2/department/get?access_token     {dept_id}     → {result: {dept_id, name, parent_id}}
//   POST /topapi/v2/department/listsub?access_token {dept_id}     → {result: [{dept_id, name, parent_id}]}
//   POST /topapi/v2/user/list?access_token {dept_id, cursor, size} → {result: {has_more, next_cursor, list: [{userid, name, dept_id_list, …}]}}
//   POST /topapi/v2/department/create | update, /topapi/v2/user/create | update
// errcode 0: success; 40014/42001 the token is invalid or expired; 88, 90018, 90002 and -1 throttled or
// busy. The root department is 1. DingTalk has no call that disables a user (only deletion).
import type { SourceDepartment, SourceUser } from '../../sync/source.ts';
import { ServiceDirectory } from '../im/service-directory.ts';
import {
  ServiceFailure,
  TokenClient,
  type ClientOptions,
  type Outcome,
  type ServiceProtocol,
} from '../im/token-client.ts';

export const DINGDING_API = 'https://oapi.dingtalk.com';
const ROOT = 1;
const PAGE = 100;

export interface DingdingCredentials {
  apiUrl: string;
  appKey: string;
  appSecret: string;
}

const outcome = (_status: number, body: Record<string, unknown>): Outcome => {
  const code = Number(body.errcode ?? 0);
  if (code === 0) return { kind: 'ok' };
  if (code === 40014 || code === 42001) return { kind: 'expiredToken' };
  if (code === 88 || code === 90018 || code === 90002 || code === -1) return { kind: 'throttled' };
  return { kind: 'failed', code, message: String(body.errmsg ?? `errcode ${code}`) };
};

const protocol = (credentials: DingdingCredentials): ServiceProtocol => ({
  service: 'dingding',
  tokenIn: 'query',
  outcome,
  async fetchToken(client) {
    const { status, body } = await client.exchange('/gettoken', {
      query: { appkey: credentials.appKey, appsecret: credentials.appSecret },
    });
    if (outcome(status, body).kind !== 'ok' || typeof body.access_token !== 'string')
      throw new ServiceFailure('dingding', Number(body.errcode ?? status), String(body.errmsg ?? 'no access_token'));
    return { token: body.access_token, expiresIn: Number(body.expires_in ?? 7200) };
  },
});

type DingDepartment = { dept_id: number; name: string; parent_id?: number; order?: number };
type DingUser = {
  userid: string;
  name: string;
  dept_id_list?: number[];
  email?: string;
  mobile?: string;
  active?: boolean;
};

export class DingdingDirectory extends ServiceDirectory {
  readonly kind = 'dingding' as const;

  constructor(credentials: DingdingCredentials, options?: ClientOptions) {
    super(new TokenClient(credentials.apiUrl || DINGDING_API, protocol(credentials), options));
  }

  /** The whole tree, the root first, each parent before its children. */
  private async tree(): Promise<DingDepartment[]> {
    const root = (await this.client.call('/topapi/v2/department/get', { method: 'POST', body: { dept_id: ROOT } }))
      .result as DingDepartment;
    const all: DingDepartment[] = [{ ...root, parent_id: undefined }];
    for (let i = 0; i < all.length; i += 1) {
      const body = await this.client.call('/topapi/v2/department/listsub', {
        method: 'POST',
        body: { dept_id: all[i].dept_id },
      });
      all.push(...((body.result as DingDepartment[] | undefined) ?? []));
    }
    return all;
  }

  async *listDepartments(): AsyncIterable<SourceDepartment> {
    for (const d of await this.tree())
      yield {
        externalId: String(d.dept_id),
        parentExternalId: d.parent_id ? String(d.parent_id) : null,
        name: d.name,
        order: d.order,
      };
  }

  async *listUsers(): AsyncIterable<SourceUser> {
    const seen = new Set<string>();
    for (const d of await this.tree()) {
      let cursor = 0;
      for (;;) {
        const result = (
          await this.client.call('/topapi/v2/user/list', {
            method: 'POST',
            body: { dept_id: d.dept_id, cursor, size: PAGE },
          })
        ).result as { has_more?: boolean; next_cursor?: number; list?: DingUser[] };
        for (const u of result.list ?? []) {
          if (seen.has(u.userid)) continue;
          seen.add(u.userid);
          yield {
            externalId: u.userid,
            loginNumber: u.userid,
            name: u.name,
            departmentExternalIds: (u.dept_id_list ?? []).map(String),
            email: u.email || undefined,
            telephone: u.mobile || undefined,
            active: u.active !== false,
          };
        }
        if (!result.has_more || result.next_cursor === undefined) break;
        cursor = result.next_cursor;
      }
    }
  }

  protected async createDepartment(d: SourceDepartment): Promise<string> {
    const body = await this.client.call('/topapi/v2/department/create', {
      method: 'POST',
      body: { name: d.name, parent_id: d.parentExternalId ? Number(d.parentExternalId) : ROOT, order: d.order },
    });
    return String((body.result as { dept_id: number }).dept_id);
  }

  protected async updateDepartment(d: SourceDepartment): Promise<void> {
    await this.client.call('/topapi/v2/department/update', {
      method: 'POST',
      body: {
        dept_id: Number(d.externalId),
        name: d.name,
        parent_id: d.parentExternalId ? Number(d.parentExternalId) : undefined,
        order: d.order,
      },
    });
  }

  private userBody(u: SourceUser) {
    const ids = u.departmentExternalIds.filter((x) => /^\d+$/.test(x));
    return {
      userid: u.loginNumber,
      name: u.name,
      dept_id_list: (ids.length ? ids : [String(ROOT)]).join(','),
      email: u.email,
      mobile: u.telephone,
    };
  }

  protected async createUser(u: SourceUser): Promise<void> {
    await this.client.call('/topapi/v2/user/create', { method: 'POST', body: this.userBody(u) });
  }

  protected async updateUser(u: SourceUser): Promise<void> {
    await this.client.call('/topapi/v2/user/update', { method: 'POST', body: this.userBody(u) });
  }

  disableUser(externalId: string): Promise<void> {
    return Promise.reject(
      new ServiceFailure(
        'dingding',
        0,
        `DingTalk has no call that disables a user; ${externalId} stays until removed in DingTalk`,
      ),
    );
  }
}
