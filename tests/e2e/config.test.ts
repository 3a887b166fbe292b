// The system configuration screen in headless Chromium: its tabs and the fields each shows as the SSO
// type, the affect mode and the notice switch change; the complexity switch ticking all four classes;
// save then refresh; export then import restoring a changed value; a screenshot of every tab.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { closeToasts, expectToast, fillFormField } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';
import { solidPng } from '../support/png.ts';
import { savedDownload } from './support/downloads.ts';

const session = signedInAsAdmin();
beforeAll(async () => {
  await session.page.goto(`${session.server.url}/#/systemCon`);
  await session.page.getByTestId('form-tab-authentication').waitFor();
});

const field = (name: string) => session.page.locator(`#root_${name}`);
// A radio group has no element of its own id, only inputs named after the field.
const shown = async (name: string) =>
  (await session.page.locator(`#root_${name}, input[name="root_${name}"]`).count()) > 0;
const tab = (id: string) => session.page.getByTestId(`form-tab-${id}`);
const openTab = async (id: string) => {
  await tab(id).click();
  await expect.poll(() => tab(id).getAttribute('aria-selected')).toBe('true');
};
const choose = (name: string, value: string) =>
  session.page.locator(`input[name="root_${name}"][value="${value}"]`).check();
async function select(name: string, option: string): Promise<void> {
  await field(name).click();
  await session.page.getByRole('option', { name: option, exact: true }).click();
}

describe('system configuration', () => {
  it('shows the tabs of a super administrator, the directory tab only for a directory SSO type', async () => {
    const tabs = await session.page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Authentication', 'Policy', 'Manage', 'Instant messaging', 'System file']);
    for (const button of ['form-save', 'form-action-import', 'form-action-export', 'form-refresh', 'form-exit'])
      await session.page.getByTestId(button).waitFor();
    await screenshot(session.page, 'config-authentication');
  });

  it('shows the SMS fields, and the IP range only for match or exclude', async () => {
    expect(await shown('smsAffectMode')).toBe(false);
    await field('smsAuthenticate').check();
    await session.page.locator('input[name="root_smsAffectMode"]').first().waitFor();
    expect(await shown('smsStartRangeIp')).toBe(false);
    await choose('smsAffectMode', 'match');
    await field('smsStartRangeIp').waitFor();
    expect(await shown('smsEndRangeIp')).toBe(true);
    await screenshot(session.page, 'config-authentication-sms');
    await choose('smsAffectMode', 'exclude');
    expect(await shown('smsStartRangeIp')).toBe(true);
    await choose('smsAffectMode', 'all');
    await field('smsStartRangeIp').waitFor({ state: 'detached' });
    expect(await shown('smsEndRangeIp')).toBe(false);
  });

  it('puts the message of a conditional rule under both fields, saving nothing', async () => {
    // The IP range is required for match: a rule of the schema's if/then, checked by the form (and the
    // server); config-rules.test.ts follows it as the user types and watches that no PUT is sent.
    await choose('smsAffectMode', 'match');
    await session.page.getByTestId('form-save').click();
    const underFields = session.page.locator('form').getByText('Please fill in the IP range for this affect mode.');
    await underFields.first().waitFor();
    expect(await underFields.count()).toBe(2);
    expect(await session.page.locator('form').getByText('validation.').count()).toBe(0);
    await screenshot(session.page, 'config-authentication-refused');
    // Refresh would drop the unsaved change: it asks first.
    await session.page.getByTestId('form-refresh').click();
    await expect(session.page.getByTestId('confirm-text').innerText()).resolves.toBe(
      'Reload the saved values? Your unsaved changes will be lost.',
    );
    await session.page.getByTestId('confirm-ok').click();
    await session.page.locator('input[name="root_smsAffectMode"]').first().waitFor({ state: 'detached' });
  });

  it('uploads a login background, keeps it through save and refresh, and clears it', async () => {
    await session.page.getByTestId('background-widget-upload').click();
    const upload = session.page.getByTestId('upload-dialog');
    await upload
      .getByTestId('upload-input')
      .setInputFiles({ name: 'background.png', mimeType: 'image/png', buffer: solidPng(64, [40, 90, 160]) });
    await upload.getByTestId('upload-submit').click();
    await upload.waitFor({ state: 'detached' });
    const picture = session.page.getByTestId('background-widget-image');
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toMatch(
      /\/uploads\/platform\/\d{4}\/image\/background\/[0-9a-f-]+\.png$/,
    );
    await session.page.getByTestId('form-save').click();
    await expectToast(session.page, 'Saved successfully');
    await session.page.getByTestId('form-refresh').click();
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(session.page, 'config-authentication-background');
    await session.page.getByTestId('background-widget-clear').click();
    await picture.waitFor({ state: 'detached' });
    // Saved before Refresh, or Refresh would ask to drop the unsaved change (and its dialog stays open).
    await closeToasts(session.page);
    await session.page.getByTestId('form-save').click();
    await expectToast(session.page, 'Saved successfully');
    await session.page.getByTestId('form-refresh').click();
    await session.page.getByTestId('background-widget-upload').waitFor();
    expect(await picture.count()).toBe(0);
  });

  it('shows exactly the fields of each SSO type', async () => {
    await choose('authType', 'sso');
    await field('ssoAuth').waitFor();
    expect(await shown('smsAuthenticate')).toBe(false);
    const ssoFields = [
      'ssoRedirect',
      'ssoLogoutRedirect',
      'localServerName',
      'casLoginUrl',
      'casUrlPrefix',
      'adDomainController',
      'adDefaultDomain',
      'adadminloginno',
      'adadminloginnopw',
      'adlogindomain',
      'adjespausernmae',
      'adjespapassword',
      'ssoDefaultEmail',
      'ssoDefaultPassword',
    ];
    const visible = async () =>
      (await Promise.all(ssoFields.map(async (f) => ((await shown(f)) ? f : null)))).filter(Boolean);
    expect(await visible()).toEqual(['ssoRedirect', 'ssoLogoutRedirect']);
    await select('ssoAuth', 'CAS server');
    await field('casLoginUrl').waitFor();
    expect(await visible()).toEqual([
      'ssoRedirect',
      'ssoLogoutRedirect',
      'localServerName',
      'casLoginUrl',
      'casUrlPrefix',
    ]);
    await screenshot(session.page, 'config-authentication-cas');
    expect(await tab('directory').count()).toBe(0);
    await select('ssoAuth', 'AD/LDAP');
    await field('adDomainController').waitFor();
    expect(await visible()).toEqual([
      'adDomainController',
      'adDefaultDomain',
      'adadminloginno',
      'adadminloginnopw',
      'adlogindomain',
      'ssoDefaultEmail',
      'ssoDefaultPassword',
    ]);
    await tab('directory').waitFor();
    await select('ssoAuth', 'AD/LDAP with NTLM2');
    await field('adjespausernmae').waitFor();
    expect(await visible()).toEqual([
      'adDomainController',
      'adDefaultDomain',
      'adadminloginno',
      'adadminloginnopw',
      'adlogindomain',
      'adjespausernmae',
      'adjespapassword',
      'ssoDefaultEmail',
      'ssoDefaultPassword',
    ]);
    await screenshot(session.page, 'config-authentication-ntlm2');
  });

  it('shows the directory fields on the directory tab, and loses the tab with the directory type', async () => {
    await openTab('directory');
    for (const name of [
      'url',
      'baseDN',
      'manager',
      'managerPassword',
      'userClass',
      'id_',
      'name_',
      'loginno_',
      'loginpwd_',
      'email_',
      'telephone_',
      'deptClass',
      'enterDept',
    ])
      await field(name).waitFor();
    await screenshot(session.page, 'config-directory');
    await openTab('authentication');
    await select('ssoAuth', 'Cookie');
    await tab('directory').waitFor({ state: 'detached' });
    await choose('authType', 'default');
  });

  it('ticks all four classes when the complexity switch turns on, and shows the notice fields for notice on', async () => {
    await openTab('policy');
    expect(await shown('legalType')).toBe(false);
    await field('legal').check();
    const classes = session.page.locator('#root_legalType input[type="checkbox"]');
    await classes.first().waitFor();
    expect(await classes.evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(await shown('maxAge')).toBe(false);
    await field('noticeAuthor').check();
    for (const name of ['maxAge', 'noticeTime', 'noticeMethod', 'noticeContent']) await field(name).waitFor();
    await screenshot(session.page, 'config-policy');
    await field('noticeAuthor').uncheck();
    await field('maxAge').waitFor({ state: 'detached' });
  });

  it('saves, and Refresh reloads what was saved', async () => {
    await fillFormField(session.page, 'length', '10');
    await session.page.getByTestId('form-save').click();
    await expectToast(session.page, 'Saved successfully');
    await fillFormField(session.page, 'length', '12');
    await session.page.getByTestId('form-refresh').click();
    // Asked first, since 12 is not saved; kept on Cancel, dropped on Confirm.
    await session.page.getByTestId('confirm-cancel').click();
    expect(await field('length').inputValue()).toBe('12');
    await session.page.getByTestId('form-refresh').click();
    await session.page.getByTestId('confirm-ok').click();
    await expect.poll(() => field('length').inputValue()).toBe('10');
    expect(await session.page.locator('#root_legalType input[type="checkbox"]:checked').count()).toBe(4);
  });

  it('hides the buttons on the manage and system-file tabs', async () => {
    for (const id of ['manage', 'systemFile']) {
      await openTab(id);
      await session.page.getByTestId('form-save').waitFor({ state: 'detached' });
      expect(await session.page.getByTestId('form-action-export').count()).toBe(0);
      await session.page.waitForTimeout(500); // the embedded screen paints its first data
      await screenshot(session.page, `config-${id}`);
    }
  });

  it('exports the configuration, then an import restores a changed value', async () => {
    await openTab('im');
    await fillFormField(session.page, 'org_name', 'exported-org');
    await fillFormField(session.page, 'client_secret', 'im-secret');
    await session.page.getByTestId('form-save').click();
    await expectToast(session.page, 'Saved successfully');
    await screenshot(session.page, 'config-im');
    const [download] = await Promise.all([
      session.page.waitForEvent('download'),
      session.page.getByTestId('form-action-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^atrium-config-\d{8}\.json$/);
    const exported = await readFile(await savedDownload(download), 'utf8');
    expect(exported).not.toContain('im-secret');

    await fillFormField(session.page, 'org_name', 'changed-org');
    await session.page.getByTestId('form-save').click();
    await expect.poll(() => field('org_name').inputValue()).toBe('changed-org');

    await session.page.getByTestId('form-action-import').click();
    const upload = session.page.getByTestId('upload-dialog');
    await upload
      .getByTestId('upload-input')
      .setInputFiles({ name: 'config.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await upload.getByTestId('upload-submit').click();
    const result = session.page.getByTestId('config-import-dialog');
    await result.getByTestId('config-import-changed').waitFor();
    expect(await result.getByTestId('config-import-changed').textContent()).toContain('hxImConfig.org_name');
    await screenshot(session.page, 'config-import-result');
    await result.getByTestId('config-import-close').click();
    await expect.poll(() => field('org_name').inputValue()).toBe('exported-org');
    expect(await field('client_secret').inputValue()).toBe('******');
  });

  it('speaks the interface language (zh): tabs, fields and buttons', async () => {
    await session.page.context().addCookies([{ name: 'atrium_lang', value: 'zh', url: session.server.url }]);
    await session.page.reload();
    await tab('policy').waitFor();
    expect(await session.page.getByRole('tab').allTextContents()).toEqual([
      '认证',
      '策略',
      '管理',
      '即时通讯',
      '系统文件',
    ]);
    await openTab('policy');
    await session.page.getByText('最小长度').first().waitFor();
    expect(await session.page.getByTestId('form-refresh').textContent()).toContain('刷新');
    await screenshot(session.page, 'config-policy-zh');
  });
});
