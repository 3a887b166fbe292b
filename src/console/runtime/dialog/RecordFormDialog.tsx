// A FormDialog for a record a list row or tree node only names: when the form screen has `load` and
// the data has the record's id, the whole record is read first (with `load`'s {id}), so fields the row
// lacks are neither shown empty nor sent back empty. A new record (no id) opens at once. The load call
// gets the dialog's `params` and the id in `loadParam` (/domain/{id}/user/{userid}), or in the query
// name `loadQuery` (an operation-log entry's ?logid=).
import { useCatalogue } from '../catalogue-context.ts';
import { Backdrop, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useCallAny } from '../../api/queries.ts';
import type { ConsoleScreen, Row } from '../screen-types.ts';
import { FormDialog, type FormDialogProps } from './FormDialog.tsx';

export function RecordFormDialog(props: FormDialogProps) {
  const { screenId, data, idField, onClose, params, loadParam = 'id', loadQuery } = props;
  const screen = useCatalogue().screens[screenId] as ConsoleScreen | undefined;
  const load = screen?.kind === 'form' ? screen.load : undefined;
  const id = data[idField];
  const needsLoad = Boolean(load && id !== undefined && id !== null && id !== '');
  const loaded = useCallAny<Row>(
    load ?? '',
    loadQuery
      ? { params: { ...params }, query: { [loadQuery]: String(id) } }
      : { params: { ...params, [loadParam]: String(id) } },
    { enabled: needsLoad },
  );
  // The record as read when the dialog opened (never an older copy kept from before), and kept: a
  // reading again after a save must not reset the form being edited.
  const [record, setRecord] = useState<Row | null>(needsLoad ? null : data);
  const fresh = loaded.isFetchedAfterMount && !loaded.isFetching;
  if (fresh && loaded.data && !record) setRecord({ ...data, ...loaded.data });
  useEffect(() => {
    if (fresh && loaded.isError && !record) onClose(); // the client showed why
  }, [fresh, loaded.isError, record, onClose]);

  if (!record) {
    return (
      <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
        <CircularProgress color="inherit" />
      </Backdrop>
    );
  }
  return <FormDialog {...props} data={record} />;
}
