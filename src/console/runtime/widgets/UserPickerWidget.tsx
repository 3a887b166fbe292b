// Form widget `user-picker` (docs/adr/0142-user-picker-widget-and-master-detail.md): the users chosen
// for a field, as chips, chosen in the runtime's user-selection dialog (`user-select`). An array field
// takes several users, any other one user. An item is kept as the field's schema says: an object item
// keeps `{ id, name, loginno }` (its names shown after a reload), a string item the user's id alone
// (named in the chips once picked here). The dialog reads the tenant from the route's `domainid`, or
// from the form's fields the field's `picker` names (docs/adr/0163-api-docs-sign-in-form-and-panel-read-checks.md): Choose then
// waits for them, saying which to fill first.
import { Box, Button, Chip, FormControl, FormHelperText, FormLabel } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenDialog } from '../dialog/OpenDialog.tsx';
import type { PickerFrom } from '../form/form-layout.ts';
import type { Row } from '../screen-types.ts';
import type { PickedUser, UserSelectInput, UserSelectResult } from '../user-picker/user-select-types.ts';

type Item = string | PickedUser;

const itemsOf = (value: unknown, join: string | undefined): Item[] =>
  (Array.isArray(value)
    ? value
    : typeof value === 'string' && join
      ? value.split(join).filter(Boolean)
      : value
        ? [value]
        : []
  ).filter((v): v is Item => typeof v === 'string' || (typeof v === 'object' && v !== null && 'id' in v));
const idOf = (item: Item) => (typeof item === 'string' ? item : item.id);

export default function UserPickerWidget(props: WidgetProps) {
  const { id, value, onChange, label, hideLabel, disabled, readonly, required, rawErrors, schema, options, registry } =
    props;
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [waiting, setWaiting] = useState<string | null>(null);
  const from = options.picker as PickerFrom | undefined;
  const form = ((registry?.formContext as { form?: Row } | undefined)?.form ?? {}) as Row;
  // Names of users picked here, for a field that keeps ids only.
  const [names, setNames] = useState<ReadonlyMap<string, PickedUser>>(new Map());
  // A string field with `picker.join` holds several ids joined (docs/adr/0168-batch-count-parts-summary-undo.md).
  const joined = schema.type === 'string' ? from?.join : undefined;
  const several = schema.type === 'array' || joined !== undefined;
  const keepsObjects = several
    ? (schema.items as { type?: string } | undefined)?.type === 'object'
    : schema.type === 'object';
  const items = itemsOf(value, joined);
  const locked = disabled || readonly;
  const userOf = (item: Item): PickedUser =>
    typeof item === 'string' ? (names.get(item) ?? { id: item, name: item }) : item;
  const store = (users: PickedUser[]) => {
    const kept: Item[] = users.map((u) => (keepsObjects ? { id: u.id, name: u.name, loginno: u.loginno } : u.id));
    if (joined !== undefined) onChange(kept.length > 0 ? kept.join(joined) : undefined);
    else onChange(several ? kept : (kept[0] ?? undefined));
  };
  const choose = () => {
    const missing = from?.waits.find((w) => !form[w.field]);
    setWaiting(
      missing ? (missing.message ? t(missing.message) : t('validation.required', { field: missing.title })) : null,
    );
    if (!missing) setPicking(true);
  };
  const dialogData: Partial<UserSelectInput> = {
    single: !several,
    selected: items.map(userOf),
    ...(from?.domain && { domainid: String(form[from.domain]) }),
    ...(from?.docs && { docs: { applicationId: String(form[from.docs]) } }),
  };
  const picked = (result: unknown) => {
    setPicking(false);
    const users = (result as UserSelectResult | undefined)?.users;
    if (!users) return;
    setNames((prior) => new Map([...prior, ...users.map((u) => [u.id, u] as const)]));
    store(users);
  };

  return (
    <FormControl
      component="fieldset"
      required={required}
      error={Boolean(rawErrors?.length || waiting)}
      data-testid={`user-picker-${id}`}
    >
      {!hideLabel && label && (
        <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.5 }}>
          {label}
        </FormLabel>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        {items.map((item) => {
          const user = userOf(item);
          return (
            <Chip
              key={user.id}
              size="small"
              label={user.loginno ? `${user.name} (${user.loginno})` : user.name}
              onDelete={locked ? undefined : () => store(items.filter((i) => idOf(i) !== user.id).map(userOf))}
              data-testid={`user-picker-chip-${user.id}`}
            />
          );
        })}
        <Button size="small" variant="outlined" disabled={locked} onClick={choose} data-testid="user-picker-choose">
          {t(several ? 'userSelect.chooseUsers' : 'userSelect.chooseUser')}
        </Button>
      </Box>
      {waiting ? (
        <FormHelperText sx={{ mx: 0 }} role="alert" data-testid="user-picker-waiting">
          {waiting}
        </FormHelperText>
      ) : (
        items.length === 0 && <FormHelperText sx={{ mx: 0 }}>{t('userSelect.nobodyPicked')}</FormHelperText>
      )}
      {picking && <OpenDialog name="user-select" data={dialogData} onClose={picked} />}
    </FormControl>
  );
}
