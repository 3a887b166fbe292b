// Screen kind `calendar` (docs/adr/0150-calendar-screen-kind.md): a calendar-like entity's week of
// working hours, edited and saved whole, or its month of days by state; the calls, the reply's fields
// and the labels come from the catalogue.
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import { MonthView } from './MonthView.tsx';
import { WeekView } from './WeekView.tsx';

export default function CalendarScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'calendar') throw new Error(`screen "${screen.id}" is not a calendar screen`);
  return screen.view === 'week' ? <WeekView screen={screen} /> : <MonthView screen={screen} />;
}
