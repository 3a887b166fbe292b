// The console's look: one clear primary blue, quiet surfaces, compact controls for an admin tool.
import { createTheme } from '@mui/material/styles';

/** Who asks the system for less motion (prefers-reduced-motion) gets none: MUI's transitions take no time
 *  and no ripple spreads from a click, and the CSS below ends every other animation and transition at once
 *  (an indeterminate progress shows its resting arc or bar, still marked busy for assistive technology).
 *  Read once at start, as the theme is made once (docs/adr/0186-browser-tests-less-chromium-cpu.md). */
const reducedMotion = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const NO_MOTION = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      // None at all rather than a short one: every property of every element may transition (the default
      // `transition-property` is `all`), and a visibility change would wait for a frame to draw it.
      transitionDuration: '0s !important',
      transitionDelay: '0s !important',
      scrollBehavior: 'auto !important',
    },
  },
};

const instant = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

export const theme = createTheme({
  ...(reducedMotion && { transitions: { duration: instant, create: () => 'none' } }),
  palette: {
    primary: { main: '#1f5fae', dark: '#17467f', light: '#e8f0fa' },
    secondary: { main: '#5c6b7a' },
    // Status colours dark enough for white text at 4.5:1 (toasts, contained buttons): 5.1, 5.0, 5.0, 4.8.
    success: { main: '#2e7d32', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    error: { main: '#d32f2f', contrastText: '#ffffff' },
    info: { main: '#0277bd', contrastText: '#ffffff' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    divider: '#e1e5eb',
    text: { primary: '#1d2733', secondary: '#5b6776' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      '"Inter", "Segoe UI", Roboto, "Helvetica Neue", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", Arial, sans-serif',
    fontSize: 14,
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    MuiCssBaseline: { styleOverrides: NO_MOTION },
    MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
