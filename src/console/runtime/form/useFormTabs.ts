// The tab controller of a form with `tabs`: which tabs the rules show (over the user and the record
// as loaded and edited), the one the screen opens on, and the one chosen since. The chosen tab is the
// URL's `tab` query parameter (docs/adr/0026-navigation-state-in-url.md), so reload, back and a shared link open it again.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FormTab } from '../../../core/catalogue/types.ts';
import { startTab, visibleTabs } from '../../../core/catalogue/form-tabs.ts';
import { ruleContext } from '../rule-context.ts';
import { mayOpenTab } from '../../session/reach.ts';
import type { Row } from '../screen-types.ts';

const TAB_PARAM = 'tab';

/** `param`: the route query holding the chosen tab (a tab frame embedded in a form's tab keeps its own). */
export function useFormTabs<T extends Pick<FormTab, 'id' | 'visible' | 'start' | 'requires' | 'screen'>>(
  tabs: T[] | undefined,
  record: Row,
  ready: boolean,
  param = TAB_PARAM,
) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get(param);
  const select = useCallback(
    (id: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(param, id);
          return next;
        },
        { replace: true },
      ),
    [setParams, param],
  );
  const shown = useMemo(
    () => (ready ? visibleTabs(tabs ?? [], ruleContext({ form: record })).filter(mayOpenTab) : []),
    [tabs, record, ready],
  );
  // A chosen tab that a rule hides again (the directory tab when the SSO type changes) gives way.
  const current = shown.find((tab) => tab.id === chosen) ?? startTab(shown, ruleContext({ form: record }));
  return { shown, current, select };
}
