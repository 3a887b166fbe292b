// Admission alone refuses a call at a tenant outside the caller's reach, read from the call's declared
// `target` (src/server/auth/target-reach.ts): the call below has no handler at all, so nothing but
// admission (admit, then admitTarget once the body is parsed) can answer. 1404 outside the reach, 1403 (with the call's message) for a `governs` call the
// caller sees without governing; a target the request leaves out is the handler's to judge.
import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { CallDef } from '../../../src/core/catalogue/types.ts';
import { admit, admitTarget } from '../../../src/server/auth/admit.ts';
import type { CurrentUser } from '../../../src/server/auth/current-user.ts';
import type { Reach } from '../../../src/server/auth/reach.ts';
import { AppError } from '../../../src/server/http/app-error.ts';

const call = (over: Partial<CallDef> = {}): CallDef =>
  ({
    id: 'example.tenantThing',
    method: 'GET',
    path: '/authtime/example/{id}',
    allow: 'login',
    officers: 'everyone',
    target: { domain: 'params.id' },
    ...over,
  }) as CallDef;

function request(reach: Reach, params: Record<string, string>, query: Record<string, string> = {}) {
  const user = { id: 'u', name: 'u', isOpenSecurity: false, superAdmin: false, level: 2, reach } as CurrentUser;
  const session = { id: 's', csrfToken: 't', user };
  return { headers: {}, params, query, atrium: { session: async () => session } } as unknown as FastifyRequest;
}

async function refusal(c: CallDef, r: FastifyRequest): Promise<[string, string | undefined] | null> {
  try {
    await admitTarget(c, r, await admit(c, r));
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [error.errorName, error.messageKey];
  }
}

const acmeAdmin: Reach = { kind: 'tenants', domains: ['acme'] };
const acmeSales: Reach = { kind: 'departments', domain: 'acme', departments: ['sales'] };

describe('admission reads the call target', () => {
  it("refuses a tenant administrator at another tenant's target, as not found", async () => {
    expect(await refusal(call(), request(acmeAdmin, { id: 'globex' }))).toEqual(['notFound', undefined]);
    expect(await refusal(call(), request(acmeAdmin, { id: 'acme' }))).toBeNull();
  });

  it('reads a query target the same way', async () => {
    const byQuery = call({ path: '/authtime/example', target: { domain: 'query.domainid' } });
    expect(await refusal(byQuery, request(acmeAdmin, {}, { domainid: 'globex' }))).toEqual(['notFound', undefined]);
    // Left out, the target is the handler's to judge (a platform-wide list, for one).
    expect(await refusal(byQuery, request(acmeAdmin, {}))).toBeNull();
  });

  it('refuses a caller who sees the tenant without governing it only on a governs call', async () => {
    const governs = call({ governs: 'mail.msg.governorsOnly' });
    expect(await refusal(governs, request(acmeSales, { id: 'acme' }))).toEqual(['forbidden', 'mail.msg.governorsOnly']);
    expect(await refusal(governs, request(acmeSales, { id: 'globex' }))).toEqual(['notFound', undefined]);
    expect(await refusal(call({ governs: true }), request(acmeSales, { id: 'acme' }))).toEqual([
      'forbidden',
      undefined,
    ]);
    expect(await refusal(call(), request(acmeSales, { id: 'acme' }))).toBeNull();
    expect(await refusal(governs, request(acmeAdmin, { id: 'acme' }))).toBeNull();
  });

  it('lets the platform reach any tenant', async () => {
    const governs = call({ governs: true });
    expect(await refusal(governs, request({ kind: 'platform' }, { id: 'globex' }))).toBeNull();
  });
});
