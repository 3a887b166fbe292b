// A FormDialog for a record a list row or tree node only names: when the form screen has `load` and
// the data has the record's id, the whole record is read first (with `load`'s {id}), so fields the row
// lacks are neither shown empty nor sent back empty. A new record (no id) opens at once. The load call
// gets the dialog's `params` and the id in `loadParam` (/domain/{id}/user/{userid}).
import { useCatalogue } from '../catalogue-context.ts';
import { Backdrop, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { callAny } from '../../api/client.ts';
import type { ConsoleScreen, Row } from '../screen-types.ts';
import { FormDialog, type FormDialogProps } from './FormDialog.tsx';

export function RecordFormDialog(props: FormDialogProps) {
  const { screenId, data, idField, onClose, params, loadParam = 'id' } = props;
  const screen = useCatalogue().screens[screenId] as ConsoleScreen | undefined;
  const load = screen?.kind === 'form' ? screen.load : undefined;
  const id = data[idField];
  const needsLoad = Boolean(load && id !== undefined && id !== null && id !== '');
  const [record, setRecord] = useState<Row | null>(needsLoad ? null : data);

  useEffect(() => {
    if (!needsLoad || !load) return;
    let current = true;
    callAny<Row>(load, { params: { ...params, [loadParam]: String(id) } }).then(
      (loaded) => current && setRecord({ ...data, ...loaded }),
      () => current && onClose(), // the client showed why
    );
    return () => {
      current = false;
    };
  }, [needsLoad, load, id, data, onClose, params, loadParam]);

  if (!record) {
    return (
      <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
        <CircularProgress color="inherit" />
      </Backdrop>
    );
  }
  return <FormDialog {...props} data={record} />;
}
