// Accessibility of every screen, tab, dialog and drawer in cn (accessibility/walks.ts).
import { accessibilityIn } from './accessibility/walks.ts';

accessibilityIn('cn');
