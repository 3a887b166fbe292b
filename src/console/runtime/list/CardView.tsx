// The card view: logo, title, status and subtitle per row, a delete control, and the "more" tile that
// switches to the table once the list reaches the screen's moreTileAt (saying "about" when the list's
// total is an estimate, as the table's footer does: docs/adr/0173-estimated-totals-above-a-bound.md).
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import { Avatar, Box, Card, CardActionArea, IconButton, Stack, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../cells/ImageCell.tsx';
import type { Renderers } from '../cells/useCellRenderers.ts';
import type { Row } from '../screen-types.ts';
import { currentLanguage } from '../../session/language.ts';
import { CellValue } from './CellValue.tsx';
import { roundedEstimate } from './estimate.ts';
import type { ListController, ResolvedColumn } from './useListController.ts';

// A card reached by Tab shows a clear outline (Enter or Space then opens it, as a click does).
const FOCUS_OUTLINE = {
  '&:has(.Mui-focusVisible)': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '2px' },
} as const;

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' } as const;

function columnFor(list: ListController, field: string | undefined): ResolvedColumn | undefined {
  if (!field) return undefined;
  return list.columns.find((c) => c.field === field) ?? { field, label: field, schema: {} };
}

function RowCard({ list, row, renderers }: { list: ListController; row: Row; renderers: Renderers }) {
  const { t } = useTranslation();
  const card = list.card!;
  const id = list.rowId(row);
  const status = columnFor(list, card.status);
  const subtitle = columnFor(list, card.subtitle);
  const remove = list.rowActions.find((a) => a.call && a.confirm);
  const image = card.image ? imageSrc(row[card.image]) : undefined;
  return (
    <Card
      data-testid={`card-${id}`}
      sx={{
        position: 'relative',
        transition: 'box-shadow .15s, border-color .15s',
        '&:hover': { borderColor: 'primary.main', boxShadow: 2 },
        ...FOCUS_OUTLINE,
      }}
    >
      <CardActionArea
        onClick={list.openRow ? () => list.openRow!(row) : undefined}
        sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'flex-start' }}
      >
        <Avatar
          variant="rounded"
          src={image ?? card.defaultImage}
          alt=""
          sx={{ width: 60, height: 60, bgcolor: 'primary.light' }}
        />
        <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1, pr: 2 }}>
          <Typography noWrap title={String(row[card.title] ?? '')} sx={{ fontWeight: 600 }}>
            {String(row[card.title] ?? '')}
          </Typography>
          {status && (
            <Box>
              <CellValue column={status} row={row} renderers={renderers} />
            </Box>
          )}
          {subtitle && (
            <Typography
              variant="body2"
              color="text.secondary"
              component="div"
              // Two lines at most: long administrator lists end with an ellipsis instead of widening the card.
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                '& *': { whiteSpace: 'normal !important' },
              }}
            >
              {t(subtitle.label)}: <CellValue column={subtitle} row={row} renderers={renderers} />
            </Typography>
          )}
        </Stack>
      </CardActionArea>
      {remove && (
        <IconButton
          data-testid={`card-delete-${id}`}
          aria-label={t('confirm.deleteNamed', { name: String(row[card.title] ?? '') })}
          title={t('confirm.deleteNamed', { name: String(row[card.title] ?? '') })}
          size="small"
          onClick={() => list.runAction(remove, id)}
          sx={{ position: 'absolute', top: 6, right: 6, color: 'text.secondary', '&:hover': { color: 'error.main' } }}
        >
          <DeleteOutlined fontSize="small" />
        </IconButton>
      )}
    </Card>
  );
}

function moreText(list: ListController, t: TFunction): string {
  const count = list.rowCount - list.cardRows.length;
  if (!list.totalEstimated) return t('nav.moreCount', { count });
  return t('list.moreAbout', { count: roundedEstimate(count, currentLanguage()) });
}

export function CardView({ list, renderers }: { list: ListController; renderers: Renderers }) {
  const { t } = useTranslation();
  return (
    <Box sx={GRID}>
      {list.cardRows.map((row) => (
        <RowCard key={list.rowId(row)} list={list} row={row} renderers={renderers} />
      ))}
      {list.showMoreTile && (
        <Card sx={{ borderStyle: 'dashed', bgcolor: 'transparent', ...FOCUS_OUTLINE }}>
          <CardActionArea
            data-testid="card-more"
            onClick={() => list.setView('table')}
            sx={{ height: '100%', minHeight: 92, display: 'flex', gap: 1, color: 'primary.main' }}
          >
            <MoreHoriz />
            <Typography sx={{ fontWeight: 600 }}>{moreText(list, t)}</Typography>
          </CardActionArea>
        </Card>
      )}
    </Box>
  );
}
