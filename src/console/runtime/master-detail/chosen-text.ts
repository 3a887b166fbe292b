// The text of the row a master-detail screen's master side has chosen, for the labels drawn in its
// detail screen (`{{chosen}}`: a confirmation naming the role its holders lose).
import { createContext, useContext } from 'react';

export const ChosenText = createContext<string | undefined>(undefined);

/** `{ chosen }` inside a master-detail's detail, else nothing. */
export function useChosenValues(): Record<string, string> {
  const chosen = useContext(ChosenText);
  return chosen === undefined ? {} : { chosen };
}
