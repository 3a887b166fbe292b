// The en / zh / cn switch (header and login page); the choice goes to the atrium_lang cookie.
import Translate from '@mui/icons-material/Translate';
import { Button, IconButton, Menu, MenuItem, Tooltip, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../core/catalogue/types.ts';
import { chooseLanguage, currentLanguage } from '../session/language.ts';

/** `compact`: the icon alone (a narrow header), still named after the current language. */
export function LanguageSwitch({ color, compact = false }: { color?: ButtonProps['color']; compact?: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lang = currentLanguage();
  const name = t('a11y.languageButton', { language: t(`app.languages.${lang}`) });
  const open = (e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);
  return (
    <>
      {compact ? (
        <Tooltip title={name}>
          <IconButton
            data-testid="lang-switch"
            color={color === 'inherit' ? 'inherit' : 'default'}
            aria-label={name}
            aria-haspopup="menu"
            onClick={open}
            size="small"
          >
            <Translate />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          data-testid="lang-switch"
          color={color}
          startIcon={<Translate />}
          aria-label={name}
          aria-haspopup="menu"
          onClick={open}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t(`app.languages.${lang}`)}
        </Button>
      )}
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
