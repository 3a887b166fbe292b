// A form's `details` drawn read-only above its fields (docs/adr/0155-record-views-and-command-forms.md):
// a definition list of titles and values, each value with the test id `<testId>-<field>`, a value a
// cell renderer draws on a line of its own under its title.
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RecordDetails } from '../../../core/catalogue/types.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { useCatalogue } from '../catalogue-context.ts';
import { useCellRenderers } from '../cells/useCellRenderers.ts';
import type { Row } from '../screen-types.ts';
import { detailLines } from './record-details.ts';

export function RecordDetailsView({
  details,
  entity,
  record,
}: {
  details: RecordDetails;
  entity: string;
  record: Row;
}) {
  const { t } = useTranslation();
  const properties = (useCatalogue().entities[entity]?.schema.properties ?? {}) as Record<string, Row>;
  const renderers = useCellRenderers(details.fields.map((f) => f.render));
  if (!renderers) return <LoadingPanel />;
  const lines = detailLines(details, properties, record, t);
  return (
    <Box
      component="dl"
      data-testid={details.testId}
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}
    >
      {lines.map((line) => {
        const Cell = line.render ? renderers[line.render] : undefined;
        const wide = Boolean(Cell) && typeof line.value === 'object';
        return (
          <Box key={line.field} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              variant="body2"
              color="text.secondary"
              sx={wide ? { gridColumn: '1 / -1', mt: 1 } : undefined}
            >
              {line.title}
            </Typography>
            <Box
              component="dd"
              sx={{ m: 0, wordBreak: 'break-all', gridColumn: wide ? '1 / -1' : undefined }}
              data-testid={`${details.testId}-${line.field}`}
            >
              <Typography variant="body2" component="div">
                {Cell ? <Cell value={line.value} row={record} schema={line.schema} /> : line.text}
              </Typography>
              {line.note && (
                <Typography variant="caption" color="text.secondary" component="p">
                  {t(line.note)}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
