// Feishu (飞书) contacts, as https://open.feishu.cn speaks it (docs/adr/0061-messaging-suites.md):
//   POST  /open-apis/auth/v3/tenant_access_token/internal {app_id, app_secret} → {code, msg, tenant_access_token, expire}
//   GET   /open-apis/contact/v3/departments/:id/children?page_token&page_size → {data: {has_more, page_token, items}}
//   GET   /open-apis/contact/v3/users/find_by_department?department_id&page_token&page_size → {data: {has_more, page_token, items}}
//   POST  /open-apis/contact/v3/departments, PATCH /open-apis/contact/v3/departments/:id
//   POST  /open-apis/contact/v3/users, PATCH /open-apis/contact/v3/users/:user_id (user_id_type=user_id)
// The token travels as "Authorization: Bearer"; code 0: success, 99991663/99991661/99991668 the token is
// invalid or expired, 99991400 (or HTTP 429) rate limited. The root department is "0".
import type { SourceDepartment, SourceUser } from '../../sync/source.ts';
import { ServiceDirectory } from '../im/service-directory.ts';
import {
  ServiceFailure,
  TokenClient,
  type ClientOptions,
  type Outcome,
  type ServiceProtocol,
} from '../im/token-client.ts';

export const FEISHU_API = 'https://open.feishu.cn';
const ROOT = '0';
const PAGE = 50;
const IDS = { department_id_type: 'open_department_id', user_id_type: 'user_id' };

export interface FeishuCredentials {
  apiUrl: string;
  appKey: string;
  appSecret: string;
}

const outcome = (status: number, body: Record<string, unknown>): Outcome => {
  const code = Number(body.code ?? 0);
  if (code === 99991663 || code === 99991661 || code === 99991668) return { kind: 'expiredToken' };
  if (code === 99991400 || status === 429) return { kind: 'throttled' };
  if (code === 0 && status < 400) return { kind: 'ok' };
  return { kind: 'failed', code, message: String(body.msg ?? `HTTP ${status}`) };
};

const protocol = (credentials: FeishuCredentials): ServiceProtocol => ({
  service: 'feishu',
  tokenIn: 'header',
  outcome,
  async fetchToken(client) {
    const { status, body } = await client.exchange('/open-apis/auth/v3/tenant_access_token/internal', {
      method: 'POST',
      body: { app_id: credentials.appKey, app_secret: credentials.appSecret },
    });
    if (outcome(status, body).kind !== 'ok' || typeof body.tenant_access_token !== 'string')
      throw new ServiceFailure('feishu', Number(body.code ?? status), String(body.msg ?? 'no tenant_access_token'));
    return { token: body.tenant_access_token, expiresIn: Number(body.expire ?? 7200) };
  },
});

type FeishuDepartment = { open_department_id: string; name: string; parent_department_id?: string; order?: string };
type FeishuUser = {
  user_id: string;
  name: string;
  department_ids?: string[];
  email?: string;
  mobile?: string;
  status?: { is_frozen?: boolean; is_resigned?: boolean };
};

export class FeishuDirectory extends ServiceDirectory {
  readonly kind = 'feishu' as const;

  constructor(credentials: FeishuCredentials, options?: ClientOptions) {
    super(new TokenClient(credentials.apiUrl || FEISHU_API, protocol(credentials), options));
  }

  /** Every page of a listing. */
  private async *pages<T>(path: string, query: Record<string, string>): AsyncIterable<T> {
    let pageToken: string | undefined;
    do {
      const data = (
        await this.client.call(path, { query: { ...IDS, ...query, page_size: PAGE, page_token: pageToken } })
      ).data as { has_more?: boolean; page_token?: string; items?: T[] } | undefined;
      yield* data?.items ?? [];
      pageToken = data?.has_more ? data.page_token : undefined;
    } while (pageToken);
  }

  /** Every department under the root, each parent before its children. */
  private async tree(): Promise<FeishuDepartment[]> {
    const all: FeishuDepartment[] = [];
    const parents = [ROOT];
    while (parents.length) {
      const parent = parents.shift() as string;
      for await (const d of this.pages<FeishuDepartment>(
        `/open-apis/contact/v3/departments/${encodeURIComponent(parent)}/children`,
        {},
      )) {
        all.push(d);
        parents.push(d.open_department_id);
      }
    }
    return all;
  }

  async *listDepartments(): AsyncIterable<SourceDepartment> {
    for (const d of await this.tree()) {
      yield {
        externalId: d.open_department_id,
        parentExternalId: d.parent_department_id && d.parent_department_id !== ROOT ? d.parent_department_id : null,
        name: d.name,
        order: d.order ? Number(d.order) : undefined,
      };
    }
  }

  async *listUsers(): AsyncIterable<SourceUser> {
    const seen = new Set<string>();
    const departments = [ROOT, ...(await this.tree()).map((d) => d.open_department_id)];
    for (const id of departments) {
      for await (const u of this.pages<FeishuUser>('/open-apis/contact/v3/users/find_by_department', {
        department_id: id,
      })) {
        if (seen.has(u.user_id)) continue;
        seen.add(u.user_id);
        const active = !u.status?.is_frozen && !u.status?.is_resigned;
        yield {
          externalId: u.user_id,
          loginNumber: u.user_id,
          name: u.name,
          departmentExternalIds: (u.department_ids ?? []).filter((x) => x !== ROOT),
          email: u.email || undefined,
          telephone: u.mobile || undefined,
          active,
        };
      }
    }
  }

  protected async createDepartment(d: SourceDepartment): Promise<string> {
    const body = await this.client.call('/open-apis/contact/v3/departments', {
      method: 'POST',
      query: IDS,
      body: {
        name: d.name,
        parent_department_id: d.parentExternalId ?? ROOT,
        order: d.order === undefined ? undefined : String(d.order),
      },
    });
    return (body.data as { department: { open_department_id: string } }).department.open_department_id;
  }

  protected async updateDepartment(d: SourceDepartment): Promise<void> {
    await this.client.call(`/open-apis/contact/v3/departments/${encodeURIComponent(d.externalId)}`, {
      method: 'PATCH',
      query: IDS,
      body: { name: d.name, parent_department_id: d.parentExternalId ?? undefined },
    });
  }

  private userBody(u: SourceUser) {
    return {
      name: u.name,
      department_ids: u.departmentExternalIds.length ? u.departmentExternalIds : [ROOT],
      email: u.email,
      mobile: u.telephone,
    };
  }

  protected async createUser(u: SourceUser): Promise<void> {
    await this.client.call('/open-apis/contact/v3/users', {
      method: 'POST',
      query: IDS,
      body: { user_id: u.loginNumber, employee_type: 1, ...this.userBody(u) },
    });
  }

  protected async updateUser(u: SourceUser): Promise<void> {
    await this.client.call(`/open-apis/contact/v3/users/${encodeURIComponent(u.loginNumber)}`, {
      method: 'PATCH',
      query: IDS,
      body: { ...this.userBody(u), is_frozen: !u.active },
    });
  }

  async disableUser(externalId: string): Promise<void> {
    await this.client.call(`/open-apis/contact/v3/users/${encodeURIComponent(externalId)}`, {
      method: 'PATCH',
      query: IDS,
      body: { is_frozen: true },
    });
  }
}
