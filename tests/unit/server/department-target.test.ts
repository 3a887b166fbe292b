// Admission refuses a declared department target outside the caller's reach (src/server/auth/
// department-target.ts): 1404 for another tenant's department, one outside a department administrator's
// subtree, one of another tenant than the declared enterprise, or one that does not exist; a platform
// caller passes to the handler, which judges existence. Where a department sits comes from a fake
// lookup here; the API tests (departments-reach, the authorization matrix) read it from the database.
import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../../src/core/catalogue/types.ts';
import {
  checkDepartmentTarget,
  type DepartmentLookup,
  type DepartmentPlace,
} from '../../../src/server/auth/department-target.ts';
import type { Reach } from '../../../src/server/auth/reach.ts';
import { AppError } from '../../../src/server/http/app-error.ts';

// Acme: hq ← sales ← east; Globex: gsales.
const PLACES: Record<string, DepartmentPlace> = {
  hq: { domainId: 'acme', upward: ['hq'] },
  sales: { domainId: 'acme', upward: ['sales', 'hq'] },
  east: { domainId: 'acme', upward: ['east', 'sales', 'hq'] },
  gsales: { domainId: 'globex', upward: ['gsales'] },
};
const asked: string[] = [];
const lookup: DepartmentLookup = async (id) => {
  asked.push(id);
  return PLACES[id];
};

const byPath = { target: { domain: 'params.id', department: 'params.depid' } } as Pick<CallDef, 'target'>;
const byBody = { target: { domain: 'params.id', department: 'body.superiorid' } } as Pick<CallDef, 'target'>;

const platform: Reach = { kind: 'platform' };
const acmeAdmin: Reach = { kind: 'tenants', domains: ['acme'] };
const salesAdmin: Reach = { kind: 'departments', domain: 'acme', departments: ['sales'] };

async function refusal(
  call: Pick<CallDef, 'target'>,
  reach: Reach,
  request: { params?: object; query?: object; body?: unknown },
): Promise<[string, string | undefined] | null> {
  try {
    await checkDepartmentTarget(call, { params: {}, query: {}, ...request }, reach, lookup);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [error.errorName, error.field];
  }
}

describe('admission reads a declared department target', () => {
  it("lets a tenant administrator reach its tenant's departments and refuses another tenant's", async () => {
    expect(await refusal(byPath, acmeAdmin, { params: { id: 'acme', depid: 'east' } })).toBeNull();
    expect(await refusal(byPath, acmeAdmin, { params: { id: 'globex', depid: 'gsales' } })).toEqual([
      'notFound',
      undefined,
    ]);
    expect(
      await refusal({ target: { department: 'params.depid' } }, acmeAdmin, { params: { depid: 'gsales' } }),
    ).toEqual(['notFound', undefined]);
  });

  it("lets a department administrator reach its department and those below, not its superior's", async () => {
    expect(await refusal(byPath, salesAdmin, { params: { id: 'acme', depid: 'sales' } })).toBeNull();
    expect(await refusal(byPath, salesAdmin, { params: { id: 'acme', depid: 'east' } })).toBeNull();
    expect(await refusal(byPath, salesAdmin, { params: { id: 'acme', depid: 'hq' } })).toEqual(['notFound', undefined]);
  });

  it('refuses a department of another tenant than the declared enterprise, and a missing one, alike', async () => {
    expect(await refusal(byPath, acmeAdmin, { params: { id: 'acme', depid: 'gsales' } })).toEqual([
      'notFound',
      undefined,
    ]);
    expect(await refusal(byPath, acmeAdmin, { params: { id: 'acme', depid: 'nowhere' } })).toEqual([
      'notFound',
      undefined,
    ]);
  });

  it('names the body field a body target is refused on, and leaves an absent or non-text one to validation', async () => {
    expect(await refusal(byBody, salesAdmin, { params: { id: 'acme' }, body: { superiorid: 'hq' } })).toEqual([
      'notFound',
      '/superiorid',
    ]);
    expect(await refusal(byBody, salesAdmin, { params: { id: 'acme' }, body: { superiorid: 7 } })).toBeNull();
    expect(await refusal(byBody, salesAdmin, { params: { id: 'acme' }, body: ['hq'] })).toBeNull();
    expect(await refusal(byBody, salesAdmin, { params: { id: 'acme' }, body: {} })).toBeNull();
  });

  it('lets a platform caller through without a lookup: existence is the handler’s', async () => {
    asked.length = 0;
    expect(await refusal(byPath, platform, { params: { id: 'acme', depid: 'nowhere' } })).toBeNull();
    expect(asked).toEqual([]);
  });
});
