// WeChat-Work (企业微信) address book, as https://qyapi.weixin.qq.com speaks it (docs/adr/0061-messaging-suites.md):
//   GET  /cgi-bin/gettoken?corpid&corpsecret            → {errcode, errmsg, access_token, expires_in}
//   GET  /cgi-bin/department/list?access_token           → {department: [{id, name, parentid, order}]}
//   GET  /cgi-bin/user/list?access_token&department_id   → {userlist: [{userid, name, department, email, mobile, status, enable}]}
//   POST /cgi-bin/department/create | update             {id?, name, parentid, order} → {id}
//   POST /cgi-bin/user/create | update                   {userid, name, department, email, mobile, enable}
// Every answer carries errcode (0: success); 42001/40014 the token expired or is invalid, 45009/45033
// (and -1, system busy) the call is throttled. The corp's root department is 1 (parentid 0).
import type { SourceDepartment, SourceUser } from '../../sync/source.ts';
import { ServiceDirectory } from '../im/service-directory.ts';
import {
  ServiceFailure,
  TokenClient,
  type ClientOptions,
  type Outcome,
  type ServiceProtocol,
} from '../im/token-client.ts';

export const WECHAT_API = 'https://qyapi.weixin.qq.com';
const ROOT = 1;

export interface WechatCredentials {
  apiUrl: string;
  corpId: string;
  corpSecret: string;
}

const outcome = (_status: number, body: Record<string, unknown>): Outcome => {
  const code = Number(body.errcode ?? 0);
  if (code === 0) return { kind: 'ok' };
  if (code === 42001 || code === 40014) return { kind: 'expiredToken' };
  if (code === 45009 || code === 45033 || code === -1) return { kind: 'throttled' };
  return { kind: 'failed', code, message: String(body.errmsg ?? `errcode ${code}`) };
};

const protocol = (credentials: WechatCredentials): ServiceProtocol => ({
  service: 'wechat',
  tokenIn: 'query',
  outcome,
  async fetchToken(client) {
    const { status, body } = await client.exchange('/cgi-bin/gettoken', {
      query: { corpid: credentials.corpId, corpsecret: credentials.corpSecret },
    });
    const o = outcome(status, body);
    if (o.kind !== 'ok' || typeof body.access_token !== 'string')
      throw new ServiceFailure('wechat', Number(body.errcode ?? status), String(body.errmsg ?? 'no access_token'));
    return { token: body.access_token, expiresIn: Number(body.expires_in ?? 7200) };
  },
});

type WechatDepartment = { id: number; name: string; parentid: number; order?: number };
type WechatUser = {
  userid: string;
  name: string;
  department?: number[];
  main_department?: number;
  email?: string;
  mobile?: string;
  status?: number;
  enable?: number;
};

const departmentIds = (user: SourceUser) => {
  const ids = user.departmentExternalIds.map(Number).filter(Number.isInteger);
  return ids.length ? ids : [ROOT];
};

export class WechatDirectory extends ServiceDirectory {
  readonly kind = 'wechat' as const;

  constructor(credentials: WechatCredentials, options?: ClientOptions) {
    super(new TokenClient(credentials.apiUrl || WECHAT_API, protocol(credentials), options));
  }

  private async departmentList(): Promise<WechatDepartment[]> {
    const body = await this.client.call('/cgi-bin/department/list');
    return (body.department as WechatDepartment[] | undefined) ?? [];
  }

  async *listDepartments(): AsyncIterable<SourceDepartment> {
    for (const d of await this.departmentList()) {
      yield {
        externalId: String(d.id),
        parentExternalId: d.parentid ? String(d.parentid) : null,
        name: d.name,
        order: d.order,
      };
    }
  }

  async *listUsers(): AsyncIterable<SourceUser> {
    const seen = new Set<string>();
    for (const d of await this.departmentList()) {
      const body = await this.client.call('/cgi-bin/user/list', { query: { department_id: d.id } });
      for (const u of (body.userlist as WechatUser[] | undefined) ?? []) {
        if (seen.has(u.userid)) continue;
        seen.add(u.userid);
        const departments = (u.department ?? []).map(String);
        const main = u.main_department ? String(u.main_department) : departments[0];
        yield {
          externalId: u.userid,
          loginNumber: u.userid,
          name: u.name,
          departmentExternalIds: main ? [main, ...departments.filter((x) => x !== main)] : departments,
          email: u.email || undefined,
          telephone: u.mobile || undefined,
          // status 2: disabled, 5: left the corp; enable 0: disabled.
          active: u.enable !== 0 && u.status !== 2 && u.status !== 5,
        };
      }
    }
  }

  protected async createDepartment(d: SourceDepartment): Promise<string> {
    const body = await this.client.call('/cgi-bin/department/create', {
      method: 'POST',
      body: { name: d.name, parentid: d.parentExternalId ? Number(d.parentExternalId) : ROOT, order: d.order },
    });
    return String(body.id);
  }

  protected async updateDepartment(d: SourceDepartment): Promise<void> {
    await this.client.call('/cgi-bin/department/update', {
      method: 'POST',
      body: {
        id: Number(d.externalId),
        name: d.name,
        parentid: d.parentExternalId ? Number(d.parentExternalId) : undefined,
        order: d.order,
      },
    });
  }

  private userBody(u: SourceUser) {
    return {
      userid: u.loginNumber,
      name: u.name,
      department: departmentIds(u),
      email: u.email,
      mobile: u.telephone,
      enable: u.active ? 1 : 0,
    };
  }

  protected async createUser(u: SourceUser): Promise<void> {
    await this.client.call('/cgi-bin/user/create', { method: 'POST', body: this.userBody(u) });
  }

  protected async updateUser(u: SourceUser): Promise<void> {
    await this.client.call('/cgi-bin/user/update', { method: 'POST', body: this.userBody(u) });
  }

  async disableUser(externalId: string): Promise<void> {
    await this.client.call('/cgi-bin/user/update', { method: 'POST', body: { userid: externalId, enable: 0 } });
  }
}
