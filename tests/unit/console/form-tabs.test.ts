// Form tabs and field fills over the real configuration screen: which tabs each caller sees and
// opens on, which entity a group tab draws, the tab layouts, and the complexity switch's fill.
import { describe, expect, it } from 'vitest';
import { applyFills } from '../../../src/console/runtime/form/field-fills.ts';
import { buildFormLayout } from '../../../src/console/runtime/form/form-layout.ts';
import { startTab, tabEntity, visibleTabs } from '../../../src/core/catalogue/form-tabs.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { FormScreen, FormTab } from '../../../src/core/catalogue/types.ts';

const { catalogue } = loadCatalogue();
const screen = catalogue.screens.systemCon as unknown as FormScreen & { id: string };
const tabs = screen.tabs as FormTab[];
const t = (key: string) => key;
const ALL = ['authConfig', 'loginConfig', 'hxImConfig', 'ldapConfig'];
const auth = (authType: string, ssoAuth = 'cookie') => ({ authType, ssoAuth });
const shownFor = (groups: string[], user: Record<string, unknown>, authConfig = auth('default')) =>
  visibleTabs(tabs, { user, form: { groups, authConfig } }).map((tab) => tab.id);

describe('configuration tabs', () => {
  it('shows a super administrator every tab but the directory, which comes with a directory SSO type', () => {
    const admin = { isOpenSecurity: false, type: 'super' };
    expect(shownFor(ALL, admin)).toEqual(['authentication', 'policy', 'manage', 'im', 'systemFile']);
    expect(shownFor(ALL, admin, auth('sso', 'cas'))).not.toContain('directory');
    expect(shownFor(ALL, admin, auth('sso', 'adldap'))).toContain('directory');
    expect(shownFor(ALL, admin, auth('sso', 'adldapNtlm2'))).toContain('directory');
    expect(shownFor(ALL, admin, auth('default', 'adldap'))).not.toContain('directory');
  });

  it('shows a security officer only the policy tab and opens on it; a system administrator all the others', () => {
    const officer = { isOpenSecurity: true, type: 'secret' };
    const shown = visibleTabs(tabs, { user: officer, form: { groups: ['loginConfig'], authConfig: undefined } });
    expect(shown.map((tab) => tab.id)).toEqual(['policy']);
    expect(startTab(tabs, { user: officer, form: {} })?.id).toBe('policy');
    const sysadmin = { isOpenSecurity: true, type: 'admin' };
    expect(shownFor(['authConfig', 'hxImConfig', 'ldapConfig'], sysadmin)).toEqual([
      'authentication',
      'manage',
      'im',
      'systemFile',
    ]);
    expect(startTab(tabs, { user: sysadmin, form: {} })?.id).toBe('authentication');
  });

  it('draws a group tab from the entity its group refers to, an embedded tab from nothing', () => {
    const policy = tabs.find((tab) => tab.id === 'policy')!;
    expect(tabEntity(catalogue.entities, 'config', policy)).toBe('config-login');
    expect(tabEntity(catalogue.entities, 'config', { group: 'groups' })).toBeUndefined();
    const layout = buildFormLayout({ id: 'systemCon', entity: 'config-login', fields: policy.fields }, catalogue, t, {
      form: { loginConfig: { legal: 0, noticeAuthor: '1' } },
    });
    expect(layout.shownFields).toEqual([
      'length',
      'failLoginTimes',
      'legal',
      'encryptionMode',
      'noticeAuthor',
      'isFirstLogin',
    ]);
    expect(layout.widgetNames).toContain('switch');
    const notice = buildFormLayout({ id: 'systemCon', entity: 'config-login', fields: policy.fields }, catalogue, t, {
      form: { loginConfig: { legal: 1, noticeAuthor: '0' } },
    });
    expect(notice.shownFields).toEqual([
      'length',
      'failLoginTimes',
      'legal',
      'legalType',
      'encryptionMode',
      'noticeAuthor',
      'isFirstLogin',
      'maxAge',
      'noticeTime',
      'noticeMethod',
      'noticeContent',
    ]);
    expect(notice.widgetNames).toContain('checkboxes');
  });
});

describe('field fills', () => {
  const policy = tabs.find((tab) => tab.id === 'policy')!;
  const context = (part: Record<string, unknown>) => ({ form: { loginConfig: part } });

  it('ticks all four classes when the complexity switch turns on', () => {
    expect(applyFills(policy.fields, { legal: 0, legalType: [] }, { legal: 1, legalType: [] }, context)).toEqual({
      legal: 1,
      legalType: [1, 2, 3, 4],
    });
  });

  it('leaves the classes alone when the switch turns off or another field changes', () => {
    expect(applyFills(policy.fields, { legal: 1, legalType: [2] }, { legal: 0, legalType: [2] }, context)).toEqual({
      legal: 0,
      legalType: [2],
    });
    expect(
      applyFills(
        policy.fields,
        { legal: 1, legalType: [2], length: 6 },
        { legal: 1, legalType: [2], length: 8 },
        context,
      ),
    ).toEqual({ legal: 1, legalType: [2], length: 8 });
  });
});
