// Accessibility of every screen, tab, dialog and drawer in en (accessibility/walks.ts).
import { accessibilityIn } from './accessibility/walks.ts';

accessibilityIn('en');
