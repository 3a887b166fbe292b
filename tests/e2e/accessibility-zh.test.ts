// Accessibility of every screen, tab, dialog and drawer in zh (accessibility/walks.ts).
import { accessibilityIn } from './accessibility/walks.ts';

accessibilityIn('zh');
