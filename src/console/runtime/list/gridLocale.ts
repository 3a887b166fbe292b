// DataGrid's own texts (pagination, selection footer) in the console's language.
import { enUS, zhCN, zhTW } from '@mui/x-data-grid/locales';
import type { Language } from '../../../core/catalogue/types.ts';

const packs = { en: enUS, zh: zhCN, cn: zhTW } as const;

export function gridLocaleText(lang: Language) {
  return packs[lang].components.MuiDataGrid.defaultProps.localeText;
}
