// The language switch's menu (LanguageSwitch.tsx): en / zh / cn, the current one selected.
import { Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../core/catalogue/types.ts';
import { chooseLanguage } from '../session/language.ts';

export default function LanguageMenu({
  anchor,
  lang,
  onClose,
}: {
  anchor: HTMLElement;
  lang: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {LANGUAGES.map((code) => (
        <MenuItem
          key={code}
          data-testid={`lang-${code}`}
          selected={code === lang}
          onClick={() => {
            onClose();
            void chooseLanguage(code);
          }}
        >
          {t(`app.languages.${code}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
