// What the user made of a table's columns: the widths it dragged them to and the ones it hid in the
// columns panel, per screen, kept for the browser session so a new page, a new order, another tab or a
// refresh draws them the same (docs/adr/0092-wide-screens.md).
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';

interface ColumnLayout {
  widths: Record<string, number>;
  hidden: GridColumnVisibilityModel;
}

const EMPTY: ColumnLayout = { widths: {}, hidden: {} };

function read(key: string): ColumnLayout {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<ColumnLayout> | null;
    return { widths: saved?.widths ?? {}, hidden: saved?.hidden ?? {} };
  } catch {
    return EMPTY;
  }
}

export function useColumnLayout(screenId: string) {
  const key = `atrium.columns.${screenId}`;
  const [layout, setLayout] = useState<ColumnLayout>(() => read(key));
  const change = useCallback(
    (patch: Partial<ColumnLayout>) =>
      setLayout((prev) => {
        const next = { ...prev, ...patch };
        try {
          sessionStorage.setItem(key, JSON.stringify(next));
        } catch {
          // A full or refused storage keeps the layout for this visit only.
        }
        return next;
      }),
    [key],
  );
  const setWidth = useCallback(
    (field: string, width: number) => change({ widths: { ...layout.widths, [field]: Math.round(width) } }),
    [change, layout.widths],
  );
  const setHidden = useCallback((hidden: GridColumnVisibilityModel) => change({ hidden }), [change]);
  return { widths: layout.widths, hidden: layout.hidden, setWidth, setHidden };
}
