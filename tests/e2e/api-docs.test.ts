// The API documentation and the web services in real Chromium (docs/adr/0063-api-docs-sign-in-web-services.md): the spec's messages
// before a user is picked; a user picked by the application's roles, a sign-in with a reason, the banner
// naming who acts as whom; a runtime call tried out from the documentation answers as that user; a
// console call tried from it is refused; sign-out ends it; in Chinese the document and the viewer's own
// words follow (docs/adr/0075-swagger-ui-words-localized.md).
// The web-services page lists Acme's services.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { tabTo, tick } from './support/pages.ts';
import { chooseField, pickedUser } from './support/runtime-sign-in.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

/** The documentation's section of a call: its catalogue area (the generator's tag). */
const tagOf = (path: string) => (path.startsWith('/rest/') ? 'runtime' : 'auth');

/** The buttons' names in the viewer's language (its words reworded, docs/adr/0075-swagger-ui-words-localized.md). */
const BUTTONS = {
  en: { execute: 'EXECUTE' },
  zh: { execute: '执行' },
} as const;

/** The viewer (OpenAPI Explorer, docs/adr/0103-api-viewer-openapi-explorer.md); locators reach into its shadow root. */
const viewer = (page: Page) => page.locator('openapi-explorer');

/** The documentation's title (the document's info.title), on its overview. */
const title = (page: Page) => viewer(page).locator('#api-title');

/** The title once the overview is open (the viewer opens on the operation last shown, named in the URL). */
async function overviewTitle(page: Page): Promise<string> {
  await viewer(page).locator('nav [data-content-id="overview"]').first().dispatchEvent('click');
  return title(page).innerText();
}

/** Opens one operation from the viewer's menu (its area first, when closed) and answers its panel. */
async function openOperation(page: Page, method: 'get' | 'post', path: string): Promise<Locator> {
  const menu = viewer(page).locator('nav');
  const link = menu.locator(`[id="link-${method}-${path}"]`);
  // The menu's sticky area headings can cover a link scrolled under them: the links are clicked as events.
  if (!(await link.isVisible())) await menu.locator(`[id="link-tag--${tagOf(path)}"]`).dispatchEvent('click');
  await link.dispatchEvent('click');
  const operation = viewer(page).locator(`.expanded-endpoint-body[id="${method}-${path}"]`);
  await operation.waitFor();
  return operation;
}

/** Tries one operation out with its filled values and answers the response body. */
async function tryOut(
  page: Page,
  method: 'get' | 'post',
  path: string,
  lang: keyof typeof BUTTONS = 'en',
): Promise<string> {
  const operation = await openOperation(page, method, path);
  await operation.getByRole('button', { name: BUTTONS[lang].execute, exact: true }).click();
  const body = operation.locator('.tab-content syntax-highlighter[mime-type^="application/json"]');
  await body.waitFor({ timeout: 15_000 });
  // While the call runs the viewer shows an hourglass; then the answer's text.
  const text = () => body.evaluate((node) => String((node as { content?: unknown }).content ?? ''));
  await expect.poll(text, { timeout: 15_000 }).toMatch(/^\s*\{/);
  return text();
}

/** The words of Latin letters the viewer shows outside the document's data and code, each with the
 *  class of the element showing it: the viewer's own words left in English would be here. (The calls'
 *  summaries are the document's: they may name a field or a path; the API test reads them.) */
function visibleLatinWords(page: Page): Promise<Array<{ word: string; in: string }>> {
  return viewer(page).evaluate((explorer) => {
    const data = [
      'pre, code, textarea, input, select, syntax-highlighter, json-tree, .m-markdown, .param-name, .param-type',
      '.nav-bar-path, .nav-bar-tag, .tag-link, h2, [part~="label-operation-path"], [part~="label-operation-method"]',
      '.mono-font, .key, .key-descr, .response-message, .title',
      // The document's schemas (property names, types, titles), media types, status codes and the session cookie's name.
      '.tr, .key-type, .key-label, .attributes, .xxx-of-key, .xxx-of-descr, .gray-text, .response-panel .m-btn.small',
      '[part~="anchor-operation-security"]',
    ].join(', ');
    const words: Array<{ word: string; in: string }> = [];
    const visit = (root: ShadowRoot) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest(data) || !parent.checkVisibility({ visibilityProperty: true })) continue;
        for (const word of (node.nodeValue ?? '').match(/[A-Za-z]{2,}/g) ?? [])
          words.push({ word, in: `${parent.tagName.toLowerCase()}.${parent.className}` });
      }
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) visit(element.shadowRoot);
    };
    visit(explorer.shadowRoot!);
    return words;
  });
}

describe('API documentation and web services', () => {
  it('signs in as a user, tries a runtime call as that user, is refused a console call, and signs out', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/systemMoni`);
    await page.getByRole('button', { name: 'Enter: API documentation' }).click();
    await page.waitForURL(/#\/systemMoni\/apiDocs/);
    // The documentation of the server's own OpenAPI, loaded with the screen.
    await title(page).waitFor({ timeout: 90_000 });
    // The spec's messages: a user before signing in (said under each field to fill), an enterprise
    // before picking one (said under the picker).
    const form = page.getByTestId('api-docs-form');
    await page.getByTestId('api-docs-form-submit').click();
    await form.getByText('Select a user before signing in.').waitFor();
    await form.getByText('Give the reason for signing in as this user.').waitFor();
    await chooseField(page, 'applicationId', 'Office');
    await form.getByTestId('user-picker-choose').click();
    await expect(form.getByTestId('user-picker-waiting').innerText()).resolves.toBe(
      'Select an enterprise before picking a user.',
    );
    await chooseField(page, 'domainid', 'Acme');
    await form.getByTestId('user-picker-choose').click();

    // The one user picker: its search finds users by a fragment of the login number among Acme's 2,000,
    // on the server (every row matches, a page of at most 10, the count of the matches only).
    const pick = page.getByTestId('user-select-dialog');
    const table = pick.getByTestId('user-select-table');
    const total = async () =>
      Number(
        /of ([\d,]+)$/
          .exec(await table.locator('.MuiTablePagination-displayedRows').innerText())?.[1]
          .replace(/,/g, ''),
      );
    await expect.poll(total).toBeGreaterThan(1000);
    await pick.getByTestId('user-select-keyword').fill('acme123');
    await expect.poll(total).toBeLessThanOrEqual(11); // acme123 and acme1230…acme1239, those on the job
    const logins = await table.locator('.MuiDataGrid-row [data-field="loginno"]').allInnerTexts();
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((login) => login.includes('acme123'))).toBe(true);
    await screenshot(page, 'api-docs-user-search');
    const row = table.locator('.MuiDataGrid-row').first();
    await tick(row.locator('input[type="checkbox"]'));
    await pick.getByTestId('user-select-confirm').click();
    await pick.waitFor({ state: 'hidden' });
    const picked = await pickedUser(page);
    const userCode = /\(([^)]+)\)$/.exec(picked)![1];

    // A reason is required.
    await form.locator('#root_reason').fill(' ');
    await page.getByTestId('api-docs-form-submit').click();
    await form.getByText('Give the reason for signing in as this user.').waitFor();
    await form.locator('#root_reason').fill('Reproduce ticket 42');
    // From the keyboard: the duration chosen with the arrows, Sign in pressed with Enter. The user goes in
    // the query; the application and the enterprise stay in the browser (the form's `local`).
    await tabTo(page, form.locator('#root_minutes'));
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => form.locator('#root_minutes').innerText()).toBe('60 minutes');
    await tabTo(page, page.getByTestId('api-docs-form-submit'));
    const sent = page.waitForRequest((r) => r.url().includes('/authtime/swagger/login'));
    await page.keyboard.press('Enter');
    const request = await sent;
    expect(request.postDataJSON()).toEqual({ reason: 'Reproduce ticket 42', minutes: 60 });
    expect(new URL(request.url()).searchParams.get('userid')).toBeTruthy();
    const banner = page.getByTestId('api-docs-banner');
    await expect(banner.innerText()).resolves.toContain(
      `(${userCode}) of Acme by Platform_Administrator (admin), until`,
    );
    await expect(banner.innerText()).resolves.toContain('Reason: Reproduce ticket 42');
    await screenshot(page, 'api-docs-signed-in');

    // The runtime calls are filled with the chosen application's id and its process's flowId.
    const office = await page.evaluate(
      async (url) => (await (await fetch(url)).json()) as { data: Array<{ id: string; name: string }> },
      `${server.url}/authtime/lookups/applications`,
    );
    const startCall = await openOperation(page, 'post', '/rest/bpm/runtime/start');
    const filled = (name: string) => startCall.locator(`input[data-pname="${name}"]`).inputValue();
    await expect(filled('applicationId')).resolves.toBe(office.data.find((a) => a.name === 'Office')!.id);
    await expect(filled('flowId')).resolves.toBe('leave-approval');
    await expect(filled('userCode')).resolves.toBe(userCode);

    // Try it out: the user's task messages, the token and userCode filled by the sign-in.
    const answer = await tryOut(page, 'get', '/rest/bpm/messages');
    expect(JSON.parse(answer)).toMatchObject({ errcode: 0, data: { unread: expect.any(Number) } });
    await screenshot(page, 'api-docs-try-it-out');
    // A console call from the documentation is refused, whatever cookie the browser holds.
    const refused = await tryOut(page, 'get', '/authtime/myprofile');
    expect(JSON.parse(refused)).toMatchObject({ errcode: 1403 });

    // End now: the banner goes once the server has ended the sign-in; the call tried again is refused.
    await banner.getByTestId('api-docs-end').click();
    await banner.waitFor({ state: 'hidden', timeout: 30_000 });
    const current = await page.evaluate(
      async (url) => (await (await fetch(url)).json()) as { data: { active: boolean } },
      `${server.url}/authtime/swagger/signin`,
    );
    expect(current.data.active).toBe(false);

    // In Chinese the document follows (title, the areas' tags, the calls' summaries) and so do Swagger
    // UI's own words, tried out: no English is left outside the document's data.
    const language = async (lang: 'en' | 'zh') => {
      await page.getByTestId('lang-switch').click();
      await page.getByTestId(`lang-${lang}`).click();
    };
    await language('zh');
    await expect.poll(() => overviewTitle(page), { timeout: 30_000 }).toContain('Atrium 平台 API');
    // Signed out of the documentation, a console call tried from it goes with the console's session.
    const profile = await tryOut(page, 'get', '/authtime/myprofile', 'zh');
    expect(JSON.parse(profile)).toMatchObject({ errcode: 0 });
    const operation = viewer(page).locator('.expanded-endpoint-body[id="get-/authtime/myprofile"]');
    await expect(operation.locator('h2').innerText()).resolves.toMatch(/[\u4e00-\u9fff]/);
    await expect(operation.innerText()).resolves.toContain('响应状态');
    // What may stay: the document's tag names (the catalogue's areas), the product's name, "API", the
    // Accept header and cookies named in a sentence, and the curl program.
    const tags = await viewer(page)
      .locator('nav .nav-bar-tag')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).innerText.trim()));
    const allowed = new Set([...tags, 'Atrium', 'API', 'OAS', 'Accept', 'Cookie', 'curl']);
    expect((await visibleLatinWords(page)).filter(({ word }) => !allowed.has(word))).toEqual([]);
    await screenshot(page, 'api-docs-zh');
    await language('en');
    await expect.poll(() => overviewTitle(page), { timeout: 30_000 }).toContain('Atrium platform API');
  });

  it("lists an enterprise's web services with their state", async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/systemMoni`);
    await page.getByRole('button', { name: 'Enter: Web services' }).click();
    await page.waitForURL(/#\/systemMoni\/services/);
    await page.getByRole('combobox', { name: 'Enterprise' }).click();
    await page.getByRole('option', { name: 'Acme', exact: true }).click();
    await page.waitForURL(/domainid=/);
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: 'leave-approval' });
    await expect.poll(() => row.innerText()).toMatch(/Office\s+Leave approval\s+leave-approval\s+(Ready|No secret)/);
    await expect(row.innerText()).resolves.toContain('POST /rest/bpm/runtime/start');
    await screenshot(page, 'web-services');
  });
});
