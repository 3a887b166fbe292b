// The en / zh / cn switch (header and login page); the choice goes to the atrium_lang cookie.
import Translate from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../core/catalogue/types.ts';
import { chooseLanguage, currentLanguage } from '../session/language.ts';

export function LanguageSwitch({ color }: { color?: ButtonProps['color'] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lang = currentLanguage();
  return (
    <>
      <Button
        data-testid="lang-switch"
        color={color}
        startIcon={<Translate />}
        aria-label={t('a11y.languageButton', { language: t(`app.languages.${lang}`) })}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t(`app.languages.${lang}`)}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((code) => (
          <MenuItem
            key={code}
            data-testid={`lang-${code}`}
            selected={code === lang}
            onClick={() => {
              setAnchor(null);
              void chooseLanguage(code);
            }}
          >
            {t(`app.languages.${code}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
