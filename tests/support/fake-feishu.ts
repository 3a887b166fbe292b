// A local Feishu contact directory speaking open-apis' protocol (src/server/integrations/feishu, docs/adr/0061-messaging-suites.md):
// the internal tenant token checks app_id/app_secret; code 99991663 (HTTP 400) for an invalid token,
// 99991400 (HTTP 429) while rate limited, page_token paging, and the test's refused users fail with
// 41012 (HTTP 400). Sign-in (docs/adr/0071-messaging-sign-in.md): /open-apis/authen/v1/authorize (app_id one of the apps), the app's
// app_access_token, authen/v1/oidc/access_token with it (20003 for a code not issued or spent) and
// authen/v1/user_info with the user's token.
import {
  authorizeRedirect,
  spendCode,
  startFakeIm,
  type Answer,
  type FakeImState,
  type FakeRequest,
} from './fake-im-server.ts';

const ok = (data: Record<string, unknown> = {}): Answer => [200, { code: 0, msg: 'success', data }];
const fail = (status: number, code: number, msg: string): Answer => [status, { code, msg }];
const ROOT = '0';

function page<T>(r: FakeRequest, all: T[]): Answer {
  const size = Math.min(50, Number(r.query.get('page_size') ?? 50));
  const from = Number(r.query.get('page_token') || 0);
  const hasMore = from + size < all.length;
  return ok({
    has_more: hasMore,
    page_token: hasMore ? String(from + size) : undefined,
    items: all.slice(from, from + size),
  });
}

function user(r: FakeRequest, state: FakeImState, userid: string, create: boolean): Answer {
  const b = r.body as {
    name?: string;
    department_ids?: string[];
    email?: string;
    mobile?: string;
    is_frozen?: boolean;
  };
  if (state.rejected.has(userid)) return fail(400, 41012, `user ${userid}: mobile already exists`);
  const existing = state.users.get(userid);
  if (create && existing) return fail(400, 41011, 'user_id already exists');
  if (!create && !existing) return fail(400, 41050, 'user not found');
  if (!b.name && !existing) return fail(400, 99992402, 'field validation failed: name');
  const departments = b.department_ids ?? existing?.departments ?? [ROOT];
  if (departments.some((d) => !state.departments.has(d))) return fail(400, 40003, 'department not found');
  const next = {
    userid,
    name: b.name ?? existing?.name ?? '',
    departments,
    email: b.email ?? existing?.email,
    mobile: b.mobile ?? existing?.mobile,
    enabled: b.is_frozen === undefined ? (existing?.enabled ?? true) : !b.is_frozen,
  };
  state.users.set(userid, next);
  return ok({ user: { user_id: userid, name: next.name } });
}

export function startFakeFeishu(credentials: {
  appKey: string;
  appSecret: string;
  apps?: Record<string, string>;
}): Promise<FakeImState> {
  let serial = 0;
  const apps: Record<string, string> = { [credentials.appKey]: credentials.appSecret, ...credentials.apps };
  return startFakeIm(
    {
      tokenEndpoint: (r, issue) => {
        if (r.path !== '/open-apis/auth/v3/tenant_access_token/internal') return null;
        if (r.body.app_id !== credentials.appKey || r.body.app_secret !== credentials.appSecret)
          return fail(400, 10014, 'app secret invalid');
        const { token, expiresIn } = issue();
        return [200, { code: 0, msg: 'ok', tenant_access_token: token, expire: expiresIn }];
      },
      open: (r, state, issue) => {
        if (r.path === '/open-apis/authen/v1/authorize') {
          if (!((r.query.get('app_id') ?? '') in apps)) return fail(400, 20001, 'invalid app_id');
          return authorizeRedirect(state, r.query.get('redirect_uri'), r.query.get('state'));
        }
        if (r.path === '/open-apis/auth/v3/app_access_token/internal' && r.method === 'POST') {
          if (!r.body.app_id || apps[String(r.body.app_id)] !== r.body.app_secret)
            return fail(400, 10014, 'app secret invalid');
          const { token, expiresIn } = issue();
          return [200, { code: 0, msg: 'ok', app_access_token: token, expire: expiresIn }];
        }
        if (r.path === '/open-apis/authen/v1/user_info') {
          const userid = state.userTokens.get(/^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1] ?? '');
          return userid === undefined
            ? fail(400, 99991668, 'Invalid access token')
            : ok({ user_id: userid, open_id: `ou_${userid}`, name: userid });
        }
        return null;
      },
      tokenOf: (r) => /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''))?.[1],
      expired: fail(
        400,
        99991663,
        'Invalid access token for authorization. Please make a request with token attached.',
      ),
      throttled: fail(429, 99991400, 'request trigger frequency limit'),
      handle(r, state) {
        const children = /^\/open-apis\/contact\/v3\/departments\/([^/]+)\/children$/.exec(r.path);
        if (r.method === 'GET' && children) {
          const parent = decodeURIComponent(children[1]);
          if (!state.departments.has(parent)) return fail(400, 40003, 'department not found');
          const items = [...state.departments.values()]
            .filter((d) => d.parentId === parent)
            .map((d) => ({
              open_department_id: d.id,
              department_id: d.id,
              name: d.name,
              parent_department_id: d.parentId,
              order: String(d.order ?? 0),
            }));
          return page(r, items);
        }
        if (r.method === 'GET' && r.path === '/open-apis/contact/v3/users/find_by_department') {
          const dept = r.query.get('department_id') ?? '';
          if (!state.departments.has(dept)) return fail(400, 40003, 'department not found');
          const items = [...state.users.values()]
            .filter((u) => u.departments.includes(dept))
            .map((u) => ({
              user_id: u.userid,
              name: u.name,
              department_ids: u.departments,
              email: u.email,
              mobile: u.mobile,
              status: { is_frozen: !u.enabled, is_resigned: false, is_activated: true },
            }));
          return page(r, items);
        }
        if (r.method === 'POST' && r.path === '/open-apis/contact/v3/departments') {
          const parent = String(r.body.parent_department_id ?? ROOT);
          if (!state.departments.has(parent)) return fail(400, 40003, 'parent department not found');
          if (!r.body.name) return fail(400, 99992402, 'field validation failed: name');
          serial += 1;
          const id = `od-fake-${serial}`;
          state.departments.set(id, {
            id,
            name: String(r.body.name),
            parentId: parent,
            order: r.body.order ? Number(r.body.order) : undefined,
          });
          return ok({ department: { open_department_id: id, name: r.body.name, parent_department_id: parent } });
        }
        const dept = /^\/open-apis\/contact\/v3\/departments\/([^/]+)$/.exec(r.path);
        if (r.method === 'PATCH' && dept) {
          const existing = state.departments.get(decodeURIComponent(dept[1]));
          if (!existing) return fail(400, 40003, 'department not found');
          state.departments.set(existing.id, {
            ...existing,
            name: String(r.body.name ?? existing.name),
            parentId: r.body.parent_department_id ? String(r.body.parent_department_id) : existing.parentId,
          });
          return ok({ department: { open_department_id: existing.id } });
        }
        if (r.method === 'POST' && r.path === '/open-apis/authen/v1/oidc/access_token') {
          const userid = spendCode(state, r.body.code);
          if (userid === undefined || r.body.grant_type !== 'authorization_code')
            return fail(400, 20003, 'invalid code');
          serial += 1;
          const token = `u-fake-${serial}`;
          state.userTokens.set(token, userid);
          return ok({ access_token: token, token_type: 'Bearer', expires_in: 7200 });
        }
        if (r.method === 'POST' && r.path === '/open-apis/contact/v3/users')
          return user(r, state, String(r.body.user_id ?? ''), true);
        const one = /^\/open-apis\/contact\/v3\/users\/([^/]+)$/.exec(r.path);
        if (r.method === 'PATCH' && one) return user(r, state, decodeURIComponent(one[1]), false);
        return fail(404, 404, `${r.method} ${r.path} is not part of the protocol`);
      },
    },
    { id: ROOT, name: 'Tenant', parentId: null },
  );
}
