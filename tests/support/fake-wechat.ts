// A local WeChat-Work address book speaking qyapi's protocol (src/server/integrations/wechat, docs/adr/0061-messaging-suites.md):
// gettoken checks corpid/corpsecret; errcode 42001 for an expired token, 45009 while throttled, 60111
// for an unknown user, 60104 for a mobile already taken, and the test's refused users fail with 60102.
// Sign-in (docs/adr/0071-messaging-sign-in.md): the authorize page of open.weixin.qq.com (appid = corp id, agentid one of the agents),
// gettoken with an agent's own secret, and auth/getuserinfo (40029 for a code not issued or spent).
import {
  authorizeRedirect,
  nextNumericId,
  spendCode,
  startFakeIm,
  type Answer,
  type FakeDepartment,
  type FakeImState,
  type FakeRequest,
  type FakeUser,
} from './fake-im-server.ts';

const ok = (extra: Record<string, unknown> = {}): Answer => [200, { errcode: 0, errmsg: 'ok', ...extra }];
const fail = (errcode: number, errmsg: string): Answer => [200, { errcode, errmsg }];

function user(request: FakeRequest, state: FakeImState, create: boolean): Answer {
  const b = request.body as {
    userid?: string;
    name?: string;
    department?: number[];
    email?: string;
    mobile?: string;
    enable?: number;
  };
  const userid = String(b.userid ?? '');
  if (state.rejected.has(userid)) return fail(60102, `userid ${userid} is refused by the fake service`);
  const existing = state.users.get(userid);
  if (create && existing) return fail(60102, 'userid existed');
  if (!create && !existing) return fail(60111, 'userid not found');
  if (b.mobile && [...state.users.values()].some((u) => u.mobile === b.mobile && u.userid !== userid))
    return fail(60104, 'mobile existed');
  const next: FakeUser = {
    userid,
    name: b.name ?? existing?.name ?? userid,
    departments: b.department ? b.department.map(String) : (existing?.departments ?? ['1']),
    email: b.email ?? existing?.email,
    mobile: b.mobile ?? existing?.mobile,
    enabled: b.enable === undefined ? (existing?.enabled ?? true) : b.enable === 1,
  };
  state.users.set(userid, next);
  return ok(create ? { created: 'created' } : { updated: 'updated' });
}

export function startFakeWechat(credentials: {
  corpId: string;
  corpSecret: string;
  agents?: Record<string, string>;
}): Promise<FakeImState> {
  const agentSecrets = new Set(Object.values(credentials.agents ?? {}));
  return startFakeIm(
    {
      tokenEndpoint: (r, issue) => {
        if (r.path !== '/cgi-bin/gettoken') return null;
        if (r.query.get('corpid') !== credentials.corpId) return fail(40013, 'invalid corpid');
        const secret = r.query.get('corpsecret') ?? '';
        if (secret !== credentials.corpSecret && !agentSecrets.has(secret))
          return fail(40001, 'invalid credential, access_token is invalid or not latest');
        const { token, expiresIn } = issue();
        return ok({ access_token: token, expires_in: expiresIn });
      },
      open: (r, state) => {
        if (r.path !== '/connect/oauth2/authorize') return null;
        if (r.query.get('appid') !== credentials.corpId) return fail(40013, 'invalid corpid');
        if (!(r.query.get('agentid') ?? '') || !((r.query.get('agentid') ?? '') in (credentials.agents ?? {})))
          return fail(40056, 'invalid agentid');
        if (r.query.get('response_type') !== 'code' || r.query.get('scope') !== 'snsapi_base')
          return fail(40001, 'invalid scope or response_type');
        return authorizeRedirect(state, r.query.get('redirect_uri'), r.query.get('state'));
      },
      tokenOf: (r) => r.query.get('access_token') ?? undefined,
      expired: fail(42001, 'access_token expired'),
      throttled: fail(45009, 'api freq out of limit'),
      handle(r, state) {
        if (r.method === 'GET' && r.path === '/cgi-bin/department/list') {
          return ok({
            department: [...state.departments.values()].map((d) => ({
              id: Number(d.id),
              name: d.name,
              parentid: d.parentId ? Number(d.parentId) : 0,
              order: d.order ?? 0,
            })),
          });
        }
        if (r.method === 'GET' && r.path === '/cgi-bin/user/list') {
          const id = r.query.get('department_id') ?? '';
          if (!state.departments.has(id)) return fail(60003, 'department not found');
          const list = [...state.users.values()].filter((u) => u.departments.includes(id));
          return ok({
            userlist: list.map((u) => ({
              userid: u.userid,
              name: u.name,
              department: u.departments.map(Number),
              main_department: Number(u.departments[0]),
              email: u.email ?? '',
              mobile: u.mobile ?? '',
              status: u.enabled ? 1 : 2,
              enable: u.enabled ? 1 : 0,
            })),
          });
        }
        if (
          r.method === 'POST' &&
          (r.path === '/cgi-bin/department/create' || r.path === '/cgi-bin/department/update')
        ) {
          const b = r.body as { id?: number; name?: string; parentid?: number; order?: number };
          const create = r.path.endsWith('create');
          const id = create ? (b.id ? String(b.id) : nextNumericId(state.departments)) : String(b.id);
          const existing = state.departments.get(id);
          if (!create && !existing) return fail(60003, 'department not found');
          const parentId = b.parentid === undefined ? (existing?.parentId ?? '1') : String(b.parentid);
          if (!state.departments.has(parentId)) return fail(60004, 'parent department not found');
          if (!b.name && !existing) return fail(60001, 'department name is empty');
          const d: FakeDepartment = {
            id,
            name: b.name ?? existing?.name ?? '',
            parentId,
            order: b.order ?? existing?.order,
          };
          state.departments.set(id, d);
          return ok(create ? { id: Number(id) } : {});
        }
        if (r.method === 'GET' && r.path === '/cgi-bin/auth/getuserinfo') {
          const userid = spendCode(state, r.query.get('code'));
          return userid === undefined ? fail(40029, 'invalid code') : ok({ userid, user_ticket: `ticket-${userid}` });
        }
        if (r.method === 'POST' && r.path === '/cgi-bin/user/create') return user(r, state, true);
        if (r.method === 'POST' && r.path === '/cgi-bin/user/update') return user(r, state, false);
        return [404, { errcode: 404, errmsg: `${r.method} ${r.path} is not part of the protocol` }];
      },
    },
    { id: '1', name: 'Corp', parentId: null },
  );
}
