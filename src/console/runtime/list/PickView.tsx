// A list drawn to pick one row from (catalogue `pick`, docs/adr/0153-check-trees-and-pick-lists.md):
// the master side of a master-detail screen. Its heading and actions above the runtime's PickList, the
// picked row's id in the route query `detail.param`, its detail screen beside (or `none` while no row is
// picked). Actions with `selection: required` act on the picked row, disabled (saying why) while no row
// is picked or their `rowDisabled` rule holds. Picking another row goes through the unsaved-changes
// guard (the detail may hold a draft); a picked row no longer listed (deleted) is dropped from the URL.
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ActionDef } from '../../../core/catalogue/types.ts';
import { evaluateRule } from '../../../core/rules.ts';
import { CatalogueIcon } from '../CatalogueIcon.tsx';
import { countText } from '../counted-label.ts';
import { hasIcon } from '../icons.ts';
import { withParams } from '../query-params.ts';
import { ruleContext } from '../rule-context.ts';
import type { ListScreenDef, Row } from '../screen-types.ts';
import { guarded } from '../unsaved-guard.ts';
import { ListDetail } from './ListDetail.tsx';
import { PickList } from './PickList.tsx';
import type { ListController } from './useListController.ts';

function PickAction({ action, why, onClick }: { action: ActionDef; why: string | null; onClick: () => void }) {
  const { t } = useTranslation();
  const text = t(action.label);
  if (!hasIcon(action.icon))
    return (
      <Button size="small" disabled={why !== null} onClick={onClick} data-testid={`action-${action.id}`}>
        {text}
      </Button>
    );
  // A disabled button takes no pointer events: the tooltip saying why hangs on its wrapper.
  return (
    <Tooltip title={why || text}>
      <span>
        <IconButton
          size="small"
          disabled={why !== null}
          onClick={onClick}
          aria-label={text}
          data-testid={`action-${action.id}`}
        >
          <CatalogueIcon name={action.icon} fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function PickView({ screen, list }: { screen: ListScreenDef; list: ListController }) {
  const { t } = useTranslation();
  const [url, setUrl] = useSearchParams();
  const pick = screen.pick!;
  const param = screen.detail!.param;
  const picked = url.get(param);
  const row = picked ? list.rows.find((r) => list.rowId(r) === picked) : undefined;
  const gone = Boolean(picked && !list.loading && !row);
  useEffect(() => {
    if (gone) setUrl((now) => withParams(now, { [param]: undefined }), { replace: true });
  }, [gone, param, setUrl]);

  /** Why an action on the picked row cannot run now, or null. */
  const whyNot = (action: ActionDef): string | null => {
    if (action.selection !== 'required') return null;
    if (!row) return t(action.message ?? 'msg.selectData');
    const disabled = action.rowDisabled && evaluateRule(action.rowDisabled.when, ruleContext({ row }));
    return disabled ? t(action.rowDisabled!.why) : null;
  };
  const run = (action: ActionDef) =>
    list.runAction(action, action.selection === 'required' ? (picked ?? undefined) : undefined);
  const testIdOf = (r: Row) => {
    const key = (pick.keys ?? []).map((field) => r[field]).find((v) => v !== null && v !== undefined && v !== '');
    return `${pick.testId}-${String(key ?? list.rowId(r))}`;
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Paper variant="outlined" sx={{ width: 280, flexShrink: 0 }}>
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            flexWrap: 'wrap',
            px: 1.5,
            py: 0.5,
            minHeight: 40,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
            {t(pick.label)}
          </Typography>
          {list.toolbar
            .filter((action) => hasIcon(action.icon))
            .map((action) => (
              <PickAction key={action.id} action={action} why={whyNot(action)} onClick={() => run(action)} />
            ))}
        </Stack>
        <Box sx={{ maxHeight: 480, overflow: 'auto' }}>
          <PickList
            rows={list.loading && list.rows.length === 0 ? null : list.rows}
            selected={picked}
            onSelect={(id) => guarded(() => setUrl((now) => withParams(now, { [param]: id })))}
            label={t(pick.label)}
            empty={t(list.emptyText)}
            primary={(r) => String(r[pick.primary] ?? '')}
            secondary={
              pick.secondary
                ? (r) =>
                    pick.counted
                      ? countText(pick.counted, Number(r[pick.secondary!] ?? 0))
                      : String(r[pick.secondary!] ?? '')
                : undefined
            }
            testId={`${pick.testId}-list`}
            itemTestId={testIdOf}
            idField={typeof screen.rowKey === 'string' ? screen.rowKey : 'id'}
          />
        </Box>
        {/* Actions without an icon (exports) stand under the rows, each on its own line. */}
        {list.toolbar.some((action) => !hasIcon(action.icon)) && (
          <Stack sx={{ alignItems: 'flex-start', px: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
            {list.toolbar
              .filter((action) => !hasIcon(action.icon))
              .map((action) => (
                <PickAction key={action.id} action={action} why={whyNot(action)} onClick={() => run(action)} />
              ))}
          </Stack>
        )}
      </Paper>
      <Box sx={{ flex: 1, minWidth: 360 }}>
        {row ? (
          <ListDetail screen={screen} list={list} />
        ) : (
          <Typography color="text.secondary">{t(pick.none)}</Typography>
        )}
      </Box>
    </Box>
  );
}
