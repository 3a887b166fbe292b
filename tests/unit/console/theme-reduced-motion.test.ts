// The console honours a system's prefers-reduced-motion (docs/adr/0186-browser-tests-less-chromium-cpu.md):
// the theme is made once, at start, from what the browser says then.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Theme } from '@mui/material/styles';

async function themeWhen(reduce: boolean): Promise<Theme> {
  vi.resetModules();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }));
  return (await import('../../../src/console/shell/theme.ts')).theme;
}

describe('the console theme and reduced motion', () => {
  afterEach(() => void vi.unstubAllGlobals());

  it('asked for reduced motion, runs every transition in no time and spreads no ripple', async () => {
    const theme = await themeWhen(true);
    expect(Object.values(theme.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });

  it('not asked, keeps MUI motion as it is', async () => {
    const theme = await themeWhen(false);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.transitions.create('opacity')).toContain('opacity');
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
  });

  it('ends the CSS animations and transitions of anything else under the media query', async () => {
    const overrides = JSON.stringify((await themeWhen(false)).components?.MuiCssBaseline?.styleOverrides);
    expect(overrides).toContain('@media (prefers-reduced-motion: reduce)');
    expect(overrides).toContain('"animationIterationCount":"1 !important"');
    // Not a short transition: with every property transitioning, a change would wait for a frame.
    expect(overrides).toContain('"transitionDuration":"0s !important"');
  });
});
