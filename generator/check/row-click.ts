// Check: a list's `rowClick: { action }` names one of the list's own row actions (the action a row
// click, or Enter/Space on a focused row, runs on that row).
import type { Check } from './problem.ts';

export const checkRowClickActions: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) => {
    if (screen.kind !== 'list' || !screen.rowClick?.action) return [];
    const { action } = screen.rowClick;
    if (screen.rowActions?.some((a) => a.id === action)) return [];
    return [
      {
        file: screen.origin.file,
        pointer: `${screen.origin.pointer}/rowClick/action`,
        message: `rowClick.action "${action}" is not one of the screen's rowActions`,
      },
    ];
  });
