// The API documentation and the web services in real Chromium (issue 14, D63): the spec's messages
// before a user is picked; a user picked by the application's roles, a sign-in with a reason, the banner
// naming who acts as whom; a runtime call tried out from the documentation answers as that user; a
// console call tried from it is refused; sign-out ends it; in Chinese the document's own texts follow.
// The web-services page lists Acme's services.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.ts';
import { tick } from './support/pages.ts';
import { signedInAsAdmin } from './support/session.ts';

const session = signedInAsAdmin();

async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The documentation's section of a call: its catalogue area (the generator's tag). */
const tagOf = (path: string) => (path.startsWith('/rest/') ? 'runtime' : 'auth');

/** Opens one operation of the documentation, tries it out with its filled values and answers the response body. */
async function tryOut(page: Page, method: 'get' | 'post', path: string): Promise<string> {
  const tag = page.locator(`.opblock-tag[data-tag="${tagOf(path)}"]`);
  if ((await tag.getAttribute('data-is-open')) !== 'true') await tag.click();
  const operation = page.locator(`.opblock-${method}`).filter({ has: page.locator(`[data-path="${path}"]`) }).first();
  await operation.locator('.opblock-summary').first().click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  const body = operation.locator('.responses-wrapper .live-responses-table .response-col_description pre').first();
  await body.waitFor({ timeout: 15_000 });
  return body.innerText();
}

describe('API documentation and web services', () => {
  it('signs in as a user, tries a runtime call as that user, is refused a console call, and signs out', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/systemMoni`);
    await page.getByRole('button', { name: 'Enter: API documentation' }).click();
    await page.waitForURL(/#\/systemMoni\/apiDocs/);
    // The documentation of the server's own OpenAPI, loaded with the screen.
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 90_000 });
    // The spec's messages: a user before signing in, an enterprise before picking one.
    await page.getByTestId('api-docs-signin').click();
    await expect(page.getByTestId('api-docs-problem').innerText()).resolves.toBe('Select a user before signing in.');
    await choose(page, 'api-docs-application', 'Office');
    await page.getByTestId('api-docs-pick').click();
    await expect(page.getByTestId('api-docs-problem').innerText()).resolves.toBe('Select an enterprise before picking a user.');
    await choose(page, 'api-docs-domain', 'Acme');
    await page.getByTestId('api-docs-pick').click();

    const pick = page.getByTestId('user-select-dialog');
    await pick.getByTestId('user-select-roles').waitFor();
    const row = pick.getByTestId('user-select-table').locator('.MuiDataGrid-row').first();
    await row.waitFor();
    await tick(row.locator('input[type="checkbox"]'));
    await pick.getByTestId('user-select-confirm').click();
    await pick.waitFor({ state: 'hidden' });
    const picked = await page.getByTestId('api-docs-user').locator('input').inputValue();
    const userCode = /\(([^)]+)\)$/.exec(picked)![1];

    // A reason is required.
    await page.getByTestId('api-docs-signin').click();
    await expect(page.getByTestId('api-docs-problem').innerText()).resolves.toBe('Give the reason for signing in as this user.');
    await page.getByTestId('api-docs-reason').locator('input').fill('Reproduce ticket 42');
    await page.getByTestId('api-docs-signin').click();
    const banner = page.getByTestId('api-docs-banner');
    await expect(banner.innerText()).resolves.toContain(`(${userCode}) of Acme by Platform_Administrator (admin), until`);
    await expect(banner.innerText()).resolves.toContain('Reason: Reproduce ticket 42');
    await screenshot(page, 'api-docs-signed-in');

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
    const current = await page.evaluate(async (url) => (await (await fetch(url)).json()) as { data: { active: boolean } }, `${server.url}/authtime/swagger/signin`);
    expect(current.data.active).toBe(false);

    // In Chinese the document's own texts follow (title, the areas' tags) and a note says what stays
    // English (Swagger UI's own texts, the calls' summaries, D68); back in English the note goes.
    const language = async (lang: 'en' | 'zh') => {
      await page.getByTestId('lang-switch').click();
      await page.getByTestId(`lang-${lang}`).click();
    };
    await expect(page.getByTestId('api-docs-english').count()).resolves.toBe(0);
    await language('zh');
    await expect.poll(() => page.locator('.swagger-ui .info .title').innerText(), { timeout: 30_000 }).toContain('Atrium 平台 API');
    await expect(page.locator('.opblock-tag[data-tag="runtime"]').innerText()).resolves.toContain('流程运行时：前端 API');
    await expect(page.getByTestId('api-docs-english').innerText()).resolves.toContain('Try it out');
    await screenshot(page, 'api-docs-zh');
    await language('en');
    await expect.poll(() => page.locator('.swagger-ui .info .title').innerText(), { timeout: 30_000 }).toContain('Atrium platform API');
    await expect(page.getByTestId('api-docs-english').count()).resolves.toBe(0);
  });

  it("lists an enterprise's web services with their state", async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/#/systemMoni`);
    await page.getByRole('button', { name: 'Enter: Web services' }).click();
    await page.waitForURL(/#\/systemMoni\/services/);
    await choose(page, 'web-services-domain', 'Acme');
    const table = page.getByTestId('web-services-table');
    await expect(table.innerText()).resolves.toMatch(/Office\s+Leave approval\s+leave-approval/);
    await expect.poll(() => table.getByTestId('web-service-state').count()).toBeGreaterThan(0);
    await screenshot(page, 'web-services');
  });
});
