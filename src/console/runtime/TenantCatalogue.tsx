// The screens of one tenant (the tabs of /domain?domainid=…) draw from a catalogue holding that
// tenant's own extension fields too: loaded once per tenant (the platform's are already merged in by
// the server, and merging again adds nothing). A caller who may not read the fields keeps the boot one.
import { useMemo, type ReactNode } from 'react';
import { mergeFields, ENTITIES_OF, type ExtensionField } from '../../core/catalogue/extension-fields.ts';
import { useCallAny } from '../api/queries.ts';
import { mayCall } from '../session/reach.ts';
import { LoadingPanel } from '../shell/LoadingPanel.tsx';
import { CatalogueContext, useCatalogue } from './catalogue-context.ts';

const EVERY_FIELD = { currpage: 1, pagelines: 10000 };
const NO_FIELDS: ExtensionField[] = [];

export function TenantCatalogue({ domainId, children }: { domainId: string; children: ReactNode }) {
  const base = useCatalogue();
  const allowed = mayCall('fieldExtends.list');
  const read = useCallAny<{ datas?: ExtensionField[] }>(
    'fieldExtends.list',
    { query: EVERY_FIELD, body: { domainid: domainId }, silent: true },
    { enabled: allowed && Boolean(domainId) },
  );
  // The screens still work without the tenant's fields.
  const fields = read.isError ? NO_FIELDS : read.data ? (read.data.datas ?? NO_FIELDS) : null;
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
