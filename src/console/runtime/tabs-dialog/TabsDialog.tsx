// A list row action's `tabs` (docs/adr/0156-batch-and-pick-list-actions.md): a dialog of tabs for the
// row, each a form screen read and saved by itself (FormPanel), above it the tab's lines to copy read
// from `copy.call` (an object per tab id). The calls get the action's path parameters with the row's
// key in the one their paths leave open (the application of /domain/{id}/application/{applicationId}).
import { Box, Button, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabsDialogDef } from '../../../core/catalogue/types.ts';
import { useCallAny } from '../../api/queries.ts';
import { useCatalogue } from '../catalogue-context.ts';
import { DialogFrame } from '../dialog/DialogFrame.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import { openParam } from '../list/list-dialog-args.ts';
import type { Row } from '../screen-types.ts';
import { CopyLines } from './CopyLines.tsx';
import { FormPanel } from './FormPanel.tsx';

interface Props extends DialogPluginProps {
  id: string;
  def: TabsDialogDef;
  /** The action's path parameters (route values) and the row's key. */
  params: Record<string, string>;
  recordId: string;
}

export function TabsDialog({ id, def, data, params, recordId, onClose }: Props) {
  const { t } = useTranslation();
  const { calls, screens } = useCatalogue();
  const messages = useDialogMessage();
  const [tab, setTab] = useState(def.tabs[0]!.id);
  const shown = def.tabs.find((x) => x.id === tab) ?? def.tabs[0]!;
  const withKey = (callId: string | undefined) => {
    const key = openParam(calls, callId, params) ?? 'id';
    return { key, params: { ...params, [key]: recordId } };
  };
  const form = withKey((screens[shown.form] as { load?: string } | undefined)?.load);
  const copy = withKey(def.copy?.call);
  const copied = useCallAny<Record<string, Row>>(
    def.copy?.call ?? '',
    { params: copy.params, silent: true },
    { enabled: Boolean(def.copy), onFailure: messages.showFailure, fresh: true },
  ).data;
  const tabLabel = t(shown.label);
  const values = copied?.[shown.id];
  return (
    <DialogFrame
      id={id}
      testId={`tabs-dialog-${id}`}
      title={t(def.title, data)}
      messages={messages}
      maxWidth="sm"
      onClose={onClose}
      intro={def.intro && t(def.intro)}
      actions={
        <Button onClick={() => onClose()} data-testid="tabs-dialog-close">
          {t('action.close')}
        </Button>
      }
    >
      <Tabs
        value={tab}
        onChange={(_e, next: string) => (messages.clear(), setTab(next))}
        aria-label={t(def.label)}
        sx={{ mb: 2 }}
      >
        {def.tabs.map((x) => (
          <Tab
            key={x.id}
            value={x.id}
            label={t(x.label)}
            id={`${id}-tab-${x.id}`}
            aria-controls={`${id}-panel-${x.id}`}
            data-testid={`tabs-dialog-tab-${x.id}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${shown.id}`} aria-labelledby={`${id}-tab-${shown.id}`}>
        {def.copy && values && (
          <CopyLines
            title={t(def.copy.title)}
            empty={t(def.copy.empty, { tab: tabLabel })}
            lines={def.copy.lines.map((l) => ({
              field: l.field,
              label: t(l.label),
              value: String(values[l.field] ?? ''),
            }))}
          />
        )}
        <FormPanel
          key={shown.id}
          screenId={shown.form}
          params={form.params}
          keyParam={form.key}
          saved={t(def.saved, { tab: tabLabel })}
          messages={messages}
          testId={`tabs-dialog-save-${shown.id}`}
        />
      </Box>
    </DialogFrame>
  );
}
