// The configuration's conditional rules run in the browser, from the same catalogue as the server:
// Save with a broken rule puts the server's message under the field and sends no PUT; after that first
// attempt the messages follow the typing; the tab holding an error is marked, and Save from another
// tab opens it. Watched on the network: every PUT /authtime/config the page sends is counted.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, fillFormField } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();
let puts = 0;
beforeAll(() => {
  session.page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/authtime/config') puts += 1;
  });
});
// Each test starts on a freshly loaded screen: no Save attempted yet, so nothing is validated live.
beforeEach(async () => {
  await session.page.goto(`${session.server.url}/#/systemCon`);
  await session.page.reload();
  await tab('authentication').waitFor();
  puts = 0;
});

const MSG = {
  ip: 'Please fill in the IP range for this affect mode.',
  classes: 'Please tick at least one character class.',
  maxAge: 'Please fill in the maximum password age.',
  noticeTime: 'Please fill in how many days before expiry to notify.',
  method: 'Please tick at least one notice method.',
};
const page = () => session.page;
/** A full-page screenshot from the top (Save scrolled the page; the fixed header would paint mid-page). */
const shoot = async (name: string) => {
  await page().evaluate(() => window.scrollTo(0, 0));
  await screenshot(page(), name);
};
const field = (name: string) => page().locator(`#root_${name}`);
/** The messages RJSF shows under a field (its error list, id root_<field>__error). */
const errorsUnder = async (name: string) =>
  (await page().locator(`#root_${name}__error`).count())
    ? await page().locator(`#root_${name}__error li`).allTextContents()
    : [];
const tab = (id: string) => page().getByTestId(`form-tab-${id}`);
const marked = async (id: string) => (await tab(id).getAttribute('data-invalid')) === 'true';
const openTab = async (id: string) => {
  await tab(id).click();
  await expect.poll(() => tab(id).getAttribute('aria-selected')).toBe('true');
};
const classes = () => page().locator('#root_legalType input[type="checkbox"]');
const methods = () => page().locator('#root_noticeMethod input[type="checkbox"]');

/** Save refused in the browser: the messages are there, and no PUT left the page. */
async function saveRefused(name: string, message: string): Promise<void> {
  await page().getByTestId('form-save').click();
  await expect.poll(() => errorsUnder(name)).toEqual([message]);
  await page().waitForTimeout(300); // a PUT would have been sent by now
  expect(puts).toBe(0);
}

/** Saved: one PUT, answered 200 (a slow answer on a loaded runner is waited for; a refusal is named), then the toast. */
async function saveAccepted(): Promise<void> {
  const answered = page().waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/authtime/config',
    { timeout: 30_000 },
  );
  await page().getByTestId('form-save').click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  await expectToast(page(), 'Saved successfully');
  expect(puts).toBe(1);
}

describe('configuration rules in the browser', () => {
  it('SMS match needs the IP range: refused without a call, the message follows the typing, then saved', async () => {
    await field('smsAuthenticate').check();
    await page().locator('input[name="root_smsAffectMode"][value="match"]').check();
    await field('smsStartRangeIp').waitFor();
    expect(await errorsUnder('smsStartRangeIp')).toEqual([]); // nothing shown before the first Save
    await saveRefused('smsStartRangeIp', MSG.ip);
    expect(await errorsUnder('smsEndRangeIp')).toEqual([MSG.ip]);
    expect(await marked('authentication')).toBe(true);
    expect(await marked('policy')).toBe(false);
    await shoot('config-rules-sms-refused');

    await fillFormField(page(), 'smsStartRangeIp', '10.0.0.1');
    await expect.poll(() => errorsUnder('smsStartRangeIp')).toEqual([]);
    expect(await errorsUnder('smsEndRangeIp')).toEqual([MSG.ip]);
    await fillFormField(page(), 'smsEndRangeIp', '10.0.0.9');
    await expect.poll(() => errorsUnder('smsEndRangeIp')).toEqual([]);
    await expect.poll(() => marked('authentication')).toBe(false);
    // Emptying it again brings the message back as the user types (live validation after the first Save).
    await fillFormField(page(), 'smsEndRangeIp', '');
    await expect.poll(() => errorsUnder('smsEndRangeIp')).toEqual([MSG.ip]);
    await fillFormField(page(), 'smsEndRangeIp', '10.0.0.9');
    await saveAccepted();
  });

  it('the complexity switch needs a class: refused on the policy tab without a call, then saved', async () => {
    await openTab('policy');
    await field('legal').check();
    await expect
      .poll(async () => classes().evaluateAll((boxes) => boxes.filter((b) => (b as HTMLInputElement).checked).length))
      .toBe(4);
    for (let i = 0; i < 4; i += 1) await classes().nth(i).uncheck();
    expect(await errorsUnder('legalType')).toEqual([]);
    await saveRefused('legalType', MSG.classes);
    expect(await marked('policy')).toBe(true);
    await shoot('config-rules-complexity-refused');
    await classes().nth(3).check();
    await expect.poll(() => errorsUnder('legalType')).toEqual([]);
    await saveAccepted();
  });

  it('the expiry notice needs its age, lead time and method: refused without a call, then saved', async () => {
    await openTab('policy');
    await field('noticeAuthor').check();
    await field('maxAge').waitFor();
    await saveRefused('maxAge', MSG.maxAge);
    expect(await errorsUnder('noticeTime')).toEqual([MSG.noticeTime]);
    expect(await errorsUnder('noticeMethod')).toEqual([MSG.method]);
    await shoot('config-rules-notice-refused');
    await fillFormField(page(), 'maxAge', '90');
    await expect.poll(() => errorsUnder('maxAge')).toEqual([]);
    await fillFormField(page(), 'noticeTime', '7');
    await expect.poll(() => errorsUnder('noticeTime')).toEqual([]);
    await methods().nth(1).check();
    await expect.poll(() => errorsUnder('noticeMethod')).toEqual([]);
    await saveAccepted();
  });

  it('Save on another tab opens the marked tab holding the error, calling nothing', async () => {
    await openTab('policy');
    await field('noticeAuthor').uncheck();
    await field('maxAge').waitFor({ state: 'detached' });
    for (let i = 0; i < 4; i += 1) await classes().nth(i).uncheck();
    await openTab('im');
    await page().getByTestId('form-save').click();
    await expect.poll(() => tab('policy').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => errorsUnder('legalType')).toEqual([MSG.classes]);
    expect(await marked('policy')).toBe(true);
    expect(await marked('im')).toBe(false);
    await page().waitForTimeout(300);
    expect(puts).toBe(0);
    await openTab('authentication');
    expect(await marked('policy')).toBe(true); // still marked while another tab is on screen
    await shoot('config-rules-tab-marked');
    await openTab('policy');
    await expect.poll(() => errorsUnder('legalType')).toEqual([MSG.classes]); // shown as soon as the tab opens
    await classes().nth(0).check();
    await expect.poll(() => marked('policy')).toBe(false);
    await saveAccepted();
  });
});
