// What MUI's `createTheme` and `ThemeProvider` get instead of their CSS-variables variants
// (vite.config.ts points their `./createThemeWithVars.mjs` and `./ThemeProviderWithVars.mjs` imports here).
// The console's theme (theme.ts) sets neither `cssVariables` nor `colorSchemes`, so MUI builds and
// provides it without CSS variables and never calls these; leaving the real ones out takes about 7 KiB
// gzip off the first load (docs/adr/0137-first-load-lighter-shell.md). A theme that asks for CSS
// variables fails at start-up, naming the reason, instead of drawing unstyled.
const REASON =
  'the console is built without MUI CSS-variables themes (docs/adr/0137-first-load-lighter-shell.md): ' +
  'remove the stand-in from vite.config.ts before using cssVariables or colorSchemes';

export default function createThemeWithVars(): never {
  throw new Error(REASON);
}

export function CssVarsProvider(): never {
  throw new Error(REASON);
}
