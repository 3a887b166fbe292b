// A day state's colours, by the colour name the screen gives it: light backgrounds with a darker border,
// so the theme's dark text keeps its contrast on each.
import type { CalendarDef } from './calendar-def.ts';

const LOOKS = {
  green: { bg: '#e8f5e9', border: '#2e7d32' },
  grey: { bg: '#f5f5f5', border: '#9e9e9e' },
  red: { bg: '#ffebee', border: '#c62828' },
  blue: { bg: '#e3f2fd', border: '#1565c0' },
} as const;

export const stateLook = (screen: CalendarDef, state: string) =>
  LOOKS[screen.states?.find((s) => s.value === state)?.color ?? 'grey'];
