// Cell renderer `summary` (flow monitoring, spec/domain-console.md, "Workflow state screen"): a summary whose row says `showTags`
// holds markup, drawn after DOMPurify keeps only inline text formatting (no links, scripts, styles or
// attributes); any other summary is plain text, which React escapes.
import DOMPurify from 'dompurify';
import { Box } from '@mui/material';
import type { CellProps } from './types.ts';

const INLINE = {
  ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 'mark', 'small', 'span', 'br', 'sub', 'sup'],
  ALLOWED_ATTR: [],
};

export default function SummaryCell({ value, row }: CellProps) {
  const text = typeof value === 'string' ? value : '';
  if (row.showTags !== true) return <>{text}</>;
  return (
    <Box
      component="span"
      data-testid="summary-markup"
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(text, INLINE) }}
    />
  );
}
