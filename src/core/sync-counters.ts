// What a directory or messaging suite sync run counts: the spec's DEPT_ADD_SUCCESS … USER_ADD_FAIL, then
// the changes, invalidations, moves and resignations it made. One list, in the order the API answers them
// and the run report shows them, so a counter added is answered and shown alike.
export const SYNC_COUNTERS = [
  'DEPT_ADD_SUCCESS',
  'DEPT_ADD_FAIL',
  'USER_ADD_SUCCESS',
  'USER_ADD_FAIL',
  'DEPT_CHANGE',
  'DEPT_INVALIDATE',
  'USER_CHANGE',
  'USER_MOVE',
  'USER_RESIGN',
] as const;

export type SyncCounter = (typeof SYNC_COUNTERS)[number];
