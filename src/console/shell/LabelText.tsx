// A label shown by key: it is worded again when the language changes (toasts already on screen follow
// a language switch). Text that arrived already worded (a server's errmsg) is shown as it is.
import { useTranslation } from 'react-i18next';

export interface LabelRef {
  key: string;
  values?: Record<string, unknown>;
}

export type Wording = string | LabelRef;

/** A label key with its interpolation values, to be worded when shown. */
export const label = (key: string, values?: Record<string, unknown>): LabelRef => ({ key, values });

export function LabelText({ text }: { text: Wording }) {
  const { t } = useTranslation();
  return <>{typeof text === 'string' ? text : t(text.key, text.values)}</>;
}
