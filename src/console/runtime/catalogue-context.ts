// The catalogue a part of the page draws from: a tenant's (TenantCatalogue: the boot catalogue with
// that tenant's own extension fields merged in) inside that tenant's screens, else the boot one.
import { createContext, useContext } from 'react';
import type { ConsoleCatalogue } from '../../core/catalogue/types.ts';
import { getBoot } from '../shell/boot.ts';

export const CatalogueContext = createContext<ConsoleCatalogue | null>(null);

export function useCatalogue(): ConsoleCatalogue {
  return useContext(CatalogueContext) ?? getBoot().catalogue;
}
