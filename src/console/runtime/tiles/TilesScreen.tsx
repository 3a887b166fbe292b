// Screen kind `tiles`: one entry per screen the user may open, as cards (the platform landing, with the
// copyright footer from the global configuration) or as a table of entries (system monitoring's root);
// paragraphs of text may head the cards, or stand alone (the about page, docs/adr/0134-runtime-owns-entries-lists-and-forms.md).
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TileDef } from '../../../core/catalogue/types.ts';
import { resourceUrl } from '../../api/client.ts';
import { getBoot } from '../../shell/boot.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import { CatalogueIcon } from '../CatalogueIcon.tsx';
import { mayOpenRoute, tileRuleHolds } from '../../session/reach.ts';
import { TilesText } from './TilesText.tsx';

// The table layout (system monitoring's root) brings MUI's table: fetched when a table is drawn, so the home
// page's cards do not carry it (docs/adr/0145-first-load-tiles-decided-by-the-server.md).
const TilesTable = lazy(() => import('./TilesTable.tsx').then((module) => ({ default: module.TilesTable })));

function useOpenTile() {
  const navigate = useNavigate();
  return (tile: TileDef) => {
    if (tile.to) navigate(tile.to);
    else if (tile.href && /^[a-z]+:/i.test(tile.href)) window.open(tile.href, '_blank', 'noopener');
    // A page of the console itself: opened without noopener, so the new tab gets a copy of this tab's
    // sessionStorage (the signed-in user) and stays signed in.
    else if (tile.href) window.open(resourceUrl(`/${tile.href.replace(/^\.?\//, '')}`), '_blank');
  };
}

function Tile({ tile, open }: { tile: TileDef; open: (tile: TileDef) => void }) {
  const { t } = useTranslation();
  return (
    <Card
      sx={{
        transition: 'box-shadow .15s, border-color .15s',
        '&:hover': { borderColor: 'primary.main', boxShadow: 3 },
      }}
    >
      <CardActionArea
        data-testid={`tile-${tile.id}`}
        onClick={() => open(tile)}
        sx={{ p: 3, height: 168, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Box
          sx={{
            width: 64,
            height: 64,
            borderRadius: '50%',
            bgcolor: 'primary.light',
            color: 'primary.main',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <CatalogueIcon name={tile.icon} sx={{ fontSize: 34 }} />
        </Box>
        <Typography sx={{ fontWeight: 600, textAlign: 'center' }}>{t(tile.label)}</Typography>
      </CardActionArea>
    </Card>
  );
}

export default function TilesScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'tiles') throw new Error(`screen "${screen.id}" is not a tiles screen`);
  const open = useOpenTile();
  const visible = screen.tiles.filter((tile) => tileRuleHolds(screen.id, tile) && (!tile.to || mayOpenRoute(tile.to)));
  if (screen.layout === 'table')
    return (
      <Suspense fallback={<LoadingPanel />}>
        <TilesTable tiles={visible} title={screen.title} open={open} />
      </Suspense>
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 150px)' }}>
      {screen.text && <TilesText text={screen.text} />}
      <Box
        sx={{
          flex: 1,
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          alignContent: 'start',
          pt: 2,
        }}
      >
        {visible.map((tile) => (
          <Tile key={tile.id} tile={tile} open={open} />
        ))}
      </Box>
      {screen.footer === 'copyright' && (
        <Typography
          data-testid="home-footer"
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center', pt: 4, pb: 1 }}
        >
          {getBoot().config.copyright}
        </Typography>
      )}
    </Box>
  );
}
