// The console's theme is built without MUI's CSS variables: the build leaves MUI's CSS-variables code out
// and puts a stand-in that throws in its place (src/console/shell/no-css-vars.ts,
// docs/adr/0137-first-load-lighter-shell.md), so a theme that asked for them would fail at start-up.
import { describe, expect, it } from 'vitest';
import { theme } from '../../../src/console/shell/theme.ts';
import createThemeWithVars, { CssVarsProvider } from '../../../src/console/shell/no-css-vars.ts';

describe('the console theme', () => {
  it('has no colour schemes and no CSS variables, so MUI provides it without its CSS-variables provider', () => {
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme && theme.vars).toBeFalsy();
  });

  it('has stand-ins that say why, should anything reach them', () => {
    expect(() => createThemeWithVars()).toThrow(/without MUI CSS-variables themes/);
    expect(() => CssVarsProvider()).toThrow(/0137-first-load-lighter-shell/);
  });
});
