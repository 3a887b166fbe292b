// The screens of one tenant (the tabs of /domain?domainid=…) draw from a catalogue holding that
// tenant's own extension fields too: loaded once per tenant (the platform's are already merged in by
// the server, and merging again adds nothing). A caller who may not read the fields keeps the boot one.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { mergeFields, ENTITIES_OF, type ExtensionField } from '../../core/catalogue/extension-fields.ts';
import { callAny } from '../api/client.ts';
import { mayCall } from '../session/reach.ts';
import { LoadingPanel } from '../shell/LoadingPanel.tsx';
import { CatalogueContext, useCatalogue } from './catalogue-context.ts';

const EVERY_FIELD = { currpage: 1, pagelines: 10000 };

export function TenantCatalogue({ domainId, children }: { domainId: string; children: ReactNode }) {
  const base = useCatalogue();
  const allowed = mayCall('fieldExtends.list');
  const [loaded, setLoaded] = useState<{ domainId: string; fields: ExtensionField[] } | null>(null);
  useEffect(() => {
    if (!allowed || !domainId) return;
    let current = true;
    callAny<{ datas?: ExtensionField[] }>('fieldExtends.list', {
      query: EVERY_FIELD,
      body: { domainid: domainId },
      silent: true,
    }).then(
      (reply) => current && setLoaded({ domainId, fields: reply?.datas ?? [] }),
      () => current && setLoaded({ domainId, fields: [] }), // the screens still work without the tenant's fields
    );
    return () => {
      current = false;
    };
  }, [allowed, domainId]);
  const fields = loaded?.domainId === domainId ? loaded.fields : null;
  const catalogue = useMemo(
    () =>
      fields
        ? Object.keys(ENTITIES_OF).reduce((merged, forTable) => mergeFields(merged, forTable, fields), base)
        : null,
    [fields, base],
  );
  if (!allowed || !domainId) return <>{children}</>;
  if (!catalogue) return <LoadingPanel />;
  return <CatalogueContext.Provider value={catalogue}>{children}</CatalogueContext.Provider>;
}
