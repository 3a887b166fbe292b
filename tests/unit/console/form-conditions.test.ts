// The configuration's conditional rules (if/then in each group entity) in the schema the console
// builds for a tab: they survive, cut down to the shown fields, and the form's validator refuses what
// the server refuses with the very same messages; the whole-record check finds the tab holding one.
import i18next from 'i18next';
import { retrieveSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFormLayout } from '../../../src/console/runtime/form/form-layout.ts';
import { tabsWithErrors, tabsWithServerErrors } from '../../../src/console/runtime/form/tab-errors.ts';
import { dropConditionErrors, formValidator, validatorFor } from '../../../src/console/runtime/form/validator.ts';
import { visibleTabs } from '../../../src/core/catalogue/form-tabs.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { FormScreen, FormTab } from '../../../src/core/catalogue/types.ts';
import { translatorFor } from '../../../src/core/translate.ts';
import { localizeSchemaErrors } from '../../../src/core/validation-messages.ts';
import { ValidationFailure } from '../../../src/server/http/app-error.ts';
import { compileCallValidator, createAjv } from '../../../src/server/http/validation.ts';

const { catalogue } = loadCatalogue();
const en = catalogue.labels.en;
const screen = catalogue.screens.systemCon as unknown as FormScreen & { id: string };
const tabs = screen.tabs as FormTab[];
const tabOf = (id: string) => tabs.find((tab) => tab.id === id)!;
const t = (key: string) => key;
const GROUP_OF: Record<string, string> = { authentication: 'authConfig', policy: 'loginConfig' };
const admin = { isOpenSecurity: false, type: 'super' };

/** The tab's form over a record part, as useFormController builds it. */
const layoutOf = (tabId: string, part: Record<string, unknown>) =>
  buildFormLayout(
    { id: screen.id, entity: tabId === 'policy' ? 'config-login' : 'config-auth', fields: tabOf(tabId).fields },
    catalogue,
    t,
    { form: { [GROUP_OF[tabId]]: part } },
  );

/** The messages the form puts under each field (RJSF's ErrorSchema), and any on the form itself. */
function formErrors(tabId: string, part: Record<string, unknown>): Record<string, string[]> {
  const { errorSchema } = formValidator.validateFormData(
    part,
    layoutOf(tabId, part).schema,
    undefined,
    dropConditionErrors,
  );
  return Object.fromEntries(
    Object.entries(errorSchema).map(([field, node]) => [field, (node as { __errors?: string[] }).__errors ?? []]),
  );
}

/** The messages the server's PUT /authtime/config answers for the same group. */
function serverErrors(group: string, part: Record<string, unknown>): Record<string, string[]> {
  const validator = compileCallValidator(createAjv(catalogue), catalogue.calls['config.save'], catalogue);
  try {
    validator.check({ query: {}, params: {}, body: { [group]: part } });
    return {};
  } catch (e) {
    if (!(e instanceof ValidationFailure)) throw e;
    const errors = localizeSchemaErrors(e.errors, translatorFor(en), e.ruleFailures);
    return Object.fromEntries(errors.map((fe) => [fe.field.split('/').pop()!, [fe.message]]));
  }
}

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
});

describe('the conditional rules in the tab schema', () => {
  it('keeps each if/then of the group entity, its branch cut down to the shown fields', () => {
    const on = layoutOf('policy', { legal: 1, legalType: [], noticeAuthor: '0' }).schema;
    expect(on.allOf).toHaveLength(2);
    expect(on.allOf?.[0]).toMatchObject({
      if: { properties: { legal: { const: 1 } } },
      then: { required: ['legalType'], properties: { legalType: { minItems: 1 } } },
    });
    expect(on.allOf?.[1]).toMatchObject({ then: { required: ['maxAge', 'noticeTime', 'noticeMethod'] } });
    // Complexity off and notice off: the classes and the notice fields are not drawn, so no rule on them is.
    const off = layoutOf('policy', { legal: 0, noticeAuthor: '1' }).schema;
    expect(off.allOf).toBeUndefined();
    // SSO chosen: the SMS range is hidden, its rule left to the server; the CAS rule is the one kept.
    const cas = layoutOf('authentication', {
      authType: 'sso',
      ssoAuth: 'cas',
      smsAuthenticate: 1,
      smsAffectMode: 'match',
    }).schema;
    expect(cas.allOf).toHaveLength(1);
    expect(cas.allOf?.[0]).toMatchObject({ then: { required: ['casLoginUrl', 'casUrlPrefix'] } });
  });

  it('draws (and stars) a required field of a holding rule, and never a field the screen hides', () => {
    const part = { authType: 'default', smsAuthenticate: 1, smsAffectMode: 'match' };
    const schema = layoutOf('authentication', part).schema;
    const drawn = retrieveSchema(formValidator, schema, schema, part) as RJSFSchema;
    expect(drawn.required).toEqual(expect.arrayContaining(['smsStartRangeIp', 'smsEndRangeIp']));
    expect(Object.keys(drawn.properties ?? {}).sort()).toEqual(Object.keys(schema.properties ?? {}).sort());
    const all = retrieveSchema(formValidator, schema, schema, { ...part, smsAffectMode: 'all' }) as RJSFSchema;
    expect(all.required ?? []).not.toContain('smsStartRangeIp');
  });
});

describe('live validation', () => {
  it('checks the schema as written, not the one RJSF resolved for drawing (whose merge loses the rule wording)', () => {
    const part = { authType: 'default', smsAuthenticate: 1, smsAffectMode: 'match', smsStartRangeIp: '10.0.0.1' };
    const { schema } = layoutOf('authentication', part);
    const resolved = retrieveSchema(formValidator, schema, schema, part);
    const under = (v: ValidatorType) =>
      (
        v.validateFormData(part, resolved, undefined, dropConditionErrors).errorSchema.smsEndRangeIp as
          { __errors?: string[] } | undefined
      )?.__errors;
    expect(under(validatorFor(schema))).toEqual([en['config.msg.ipRequired']]);
    expect(under(formValidator)).not.toEqual([en['config.msg.ipRequired']]); // why validatorFor exists
  });
});

describe('the form refuses what the server refuses, in the same words', () => {
  const cases: Array<[string, string, Record<string, unknown>, Record<string, string[]>]> = [
    [
      'SMS match without the IP range',
      'authentication',
      { authType: 'default', smsAuthenticate: 1, smsAffectMode: 'match' },
      { smsStartRangeIp: [en['config.msg.ipRequired']], smsEndRangeIp: [en['config.msg.ipRequired']] },
    ],
    [
      'CAS without its addresses',
      'authentication',
      { authType: 'sso', ssoAuth: 'cas' },
      { casLoginUrl: [en['config.msg.casRequired']], casUrlPrefix: [en['config.msg.casRequired']] },
    ],
    [
      'AD/LDAP without its domain controller',
      'authentication',
      { authType: 'sso', ssoAuth: 'adldap' },
      { adDomainController: [en['config.msg.adRequired']] },
    ],
    [
      'the complexity switch with no class',
      'policy',
      { legal: 1, legalType: [] },
      { legalType: [en['config.msg.legalType']] },
    ],
    [
      'the expiry notice without age, lead time and way',
      'policy',
      { noticeAuthor: '0', noticeMethod: [] },
      {
        maxAge: [en['config.msg.maxAgeRequired']],
        noticeTime: [en['config.msg.noticeTimeRequired']],
        noticeMethod: [en['config.msg.noticeMethod']],
      },
    ],
  ];
  for (const [name, tabId, part, expected] of cases) {
    it(`refuses ${name}`, () => {
      expect(formErrors(tabId, part)).toEqual(expected);
      expect(serverErrors(GROUP_OF[tabId], part)).toEqual(expected);
    });
  }

  it('leaves the SMS range alone under SSO, where the form does not show it (nor does the server ask for it)', () => {
    const sso = { authType: 'sso', ssoAuth: 'cookie', smsAuthenticate: 1, smsAffectMode: 'match' };
    expect(formErrors('authentication', sso)).toEqual({});
    expect(serverErrors('authConfig', sso)).toEqual({});
  });

  it('accepts each of them once filled', () => {
    expect(
      formErrors('authentication', {
        authType: 'default',
        smsAuthenticate: 1,
        smsAffectMode: 'exclude',
        smsStartRangeIp: '10.0.0.1',
        smsEndRangeIp: '10.0.0.9',
      }),
    ).toEqual({});
    expect(formErrors('policy', { legal: 1, legalType: [4] })).toEqual({});
    expect(formErrors('policy', { noticeAuthor: '0', maxAge: 90, noticeTime: 7, noticeMethod: [2] })).toEqual({});
  });
});

describe('the whole-record check of a tabbed form', () => {
  const record: Record<string, unknown> = {
    groups: ['authConfig', 'loginConfig', 'hxImConfig'],
    authConfig: { authType: 'default' },
    loginConfig: { legal: 0, noticeAuthor: '1' },
    hxImConfig: {},
  };
  const check = (r: Record<string, unknown>) =>
    tabsWithErrors(screen, visibleTabs(tabs, { user: admin, form: r }), r, catalogue, { user: admin, form: r });

  it('names the tab holding a broken rule, whichever tab is on screen', () => {
    expect(check(record)).toEqual([]);
    expect(check({ ...record, loginConfig: { legal: 1, legalType: [], noticeAuthor: '1' } })).toEqual(['policy']);
    const both = {
      ...record,
      authConfig: { authType: 'default', smsAuthenticate: 1, smsAffectMode: 'match' },
      loginConfig: { noticeAuthor: '0' },
    };
    expect(check(both)).toEqual(['authentication', 'policy']);
  });

  it('compiles each distinct tab schema once, however often the record is checked (every keystroke)', () => {
    // ajv keeps one compiled validator per schema object it is given.
    const cache = (formValidator as unknown as { ajv: { _cache: Map<unknown, unknown> } }).ajv._cache;
    const broken = { ...record, loginConfig: { legal: 1, legalType: [], noticeAuthor: '1' } };
    check(broken);
    const compiled = cache.size;
    for (let i = 0; i < 5; i++) expect(check(structuredClone(broken))).toEqual(['policy']);
    expect(cache.size).toBe(compiled);
  });

  it('marks the tab whose group the server refused', () => {
    const shown = visibleTabs(tabs, { user: admin, form: record });
    expect(tabsWithServerErrors(shown, { loginConfig: { maxAge: { __errors: ['x'] } } } as never)).toEqual(['policy']);
    expect(tabsWithServerErrors(shown, undefined)).toEqual([]);
  });
});
