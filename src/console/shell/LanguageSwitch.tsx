// The en / zh / cn switch (header and login page); the choice goes to the atrium_lang cookie.
import Translate from '@mui/icons-material/Translate';
import { Button, IconButton, Tooltip, type ButtonProps } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../session/language.ts';

// The menu is fetched when first opened: MUI's Menu and Popover are not part of the first load (docs/adr/0104-first-load-measured.md).
const LanguageMenu = lazy(() => import('./LanguageMenu.tsx'));

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
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} lang={lang} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
