// The search box of a tree screen: the typed text goes to the screen's search call (a paged list) as
// its body field; each hit is a button that selects that node, wherever it sits in the tree.
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, List, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callAny } from '../../api/client.ts';
import type { ResolvedArgs } from '../call-args.ts';
import type { Row } from '../screen-types.ts';
import type { TreeScreenDef } from './tree-types.ts';

const HITS = 20;

export function TreeSearch({
  screen,
  args,
  onPick,
}: {
  screen: TreeScreenDef;
  args: ResolvedArgs;
  onPick: (row: Row) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [hits, setHits] = useState<Row[] | null>(null);
  if (!screen.search) return null;
  const { call, field } = screen.search;
  const run = () => {
    if (!text.trim()) return setHits(null);
    void callAny<{ datas?: Row[] }>(call, {
      params: args.params,
      query: { ...args.query, currpage: 1, pagelines: HITS },
      body: { ...args.body, [field]: text.trim() },
    }).then(
      (answer) => setHits(answer?.datas ?? []),
      () => setHits(null),
    );
  };
  return (
    <Box sx={{ mb: 1 }}>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => (e.preventDefault(), run())}
        sx={{ display: 'flex', gap: 0.5 }}
      >
        <TextField
          size="small"
          fullWidth
          label={t('tree.search')}
          value={text}
          onChange={(e) => (setText(e.target.value), e.target.value === '' && setHits(null))}
          slotProps={{ htmlInput: { 'data-testid': 'tree-search' } }}
        />
        <IconButton type="submit" aria-label={t('action.search')} data-testid="tree-search-submit">
          <SearchIcon />
        </IconButton>
      </Box>
      {hits && (
        <Box data-testid="tree-search-hits" sx={{ borderBottom: 1, borderColor: 'divider', mt: 0.5 }}>
          {hits.length === 0 ? (
            <Typography variant="body2" sx={{ p: 1, color: 'text.secondary' }}>
              {t('list.emptySearch')}
            </Typography>
          ) : (
            <List dense aria-label={t('tree.searchHits')}>
              {hits.map((row) => (
                <ListItemButton key={String(row[screen.node.id])} onClick={() => onPick(row)}>
                  <ListItemText primary={String(row[screen.node.label] ?? '')} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
      )}
    </Box>
  );
}
