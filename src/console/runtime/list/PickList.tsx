// A short list to choose one row from, the master side of a master-detail view: the roles of an
// application beside their permissions, their holders, or the user picker's users by role. The chosen
// row is marked (`aria-current`) and reached with Tab, chosen with Enter or Space.
import { List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { Row } from '../screen-types.ts';

interface PickListProps<T extends object> {
  rows: readonly T[] | null;
  selected: string | null;
  onSelect: (id: string) => void;
  /** The list's accessible name. */
  label: string;
  /** Said instead of the list when it has no rows. */
  empty: string;
  primary: (row: T) => string;
  secondary?: (row: T) => string;
  testId?: string;
  itemTestId?: (row: T) => string;
  /** The row field naming it; default `id`. */
  idField?: string;
}

export function PickList<T extends object>(props: PickListProps<T>) {
  const { rows, selected, onSelect, idField = 'id' } = props;
  if (rows?.length === 0)
    return <Typography sx={{ p: 1.5, fontSize: 14, color: 'text.secondary' }}>{props.empty}</Typography>;
  return (
    <List dense aria-label={props.label} data-testid={props.testId} sx={{ py: 0 }}>
      {(rows ?? []).map((row) => {
        const id = String((row as Row)[idField]);
        return (
          <ListItem key={id} disablePadding>
            <ListItemButton
              selected={id === selected}
              aria-current={id === selected || undefined}
              onClick={() => onSelect(id)}
              data-testid={props.itemTestId?.(row)}
            >
              <ListItemText primary={props.primary(row)} secondary={props.secondary?.(row)} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
