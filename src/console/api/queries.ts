// The console's one data layer (TanStack Query): every read of a catalogue call goes through `useCall`
// or `useCallAny`, which key the answer by call and arguments, cancel a request nobody waits for any
// more, retry what failed on the way (never a refusal), and read again whatever is on screen after any
// call with effects succeeds, so a screen never keeps its own "reload" generation.
import { keepPreviousData, QueryClient, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CallId, Calls } from '../../core/generated/api-types.ts';
import { useEffect } from 'react';
import { ApiError } from './ApiError.ts';
import { callAny, onDataChanged, type CallArgs, type TypedArgs } from './client.ts';

const TRANSIENT = new Set([0, 502, 503, 504]);
const RETRIES = 2;

/** Retries a read that never reached the server or met a gateway; an answer the server gave stands. */
export function retryTransient(failures: number, error: unknown): boolean {
  return failures < RETRIES && error instanceof ApiError && TRANSIENT.has(error.status);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: retryTransient, refetchOnWindowFocus: false, staleTime: 0, gcTime: 5 * 60_000 },
  },
});

// Any change may show in any list on screen (a user moved shows in two departments' counts): what is
// mounted is read again, and copies kept from before the change are dropped, so a screen or dialog
// opened afterwards never shows them (it waits for its own reading instead).
onDataChanged(() => {
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.invalidateQueries({ type: 'active' });
});
// A reading left before its reread came back (a dialog closed by the change it made) keeps the copy from
// before the change: it is dropped as well, for the same reason.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'observerRemoved' || event.query.getObserversCount() > 0) return;
  if (event.query.state.isInvalidated) queryClient.removeQueries({ queryKey: event.query.queryKey, exact: true });
});

type ReadArgs = Omit<CallArgs, 'signal' | 'form' | 'read'>;

export interface ReadOptions<T> {
  /** False while an argument is missing: nothing is asked. */
  enabled?: boolean;
  /** Keep the previous answer on screen while the next one (another page, another search) loads. */
  keepPrevious?: boolean;
  /** Read again every so many milliseconds while mounted (polls); a function of the last answer
   *  polls only while it says so (a job followed while it runs). */
  every?: number | ((reply: T | undefined) => number | false);
  /** Shape the answer once per answer (not per render). */
  select?: (reply: T) => T;
  /** Told of each failure (a dialog shows it in its own message bar; pair with `silent`). */
  onFailure?: (error: ApiError) => void;
  /** Never show a copy kept from an earlier visit: what the user edits starts from the server's answer
   *  (a dialog opened again after its save). */
  fresh?: boolean;
}

function pollInterval<T>(every: ReadOptions<T>['every']) {
  return typeof every === 'function'
    ? (query: { state: { data: unknown } }) => every(query.state.data as T | undefined)
    : every;
}

function useFailureReport(error: ApiError | null, report: ((error: ApiError) => void) | undefined): void {
  useEffect(() => {
    if (error && report) report(error);
  }, [error, report]);
}

export function callKey(callId: string, args: ReadArgs = {}): unknown[] {
  return [callId, args.params ?? {}, args.query ?? {}, args.body ?? null];
}

/** Reads any catalogue call by id (the generic runtime knows ids only from the catalogue). */
export function useCallAny<T = unknown>(
  callId: string,
  args: ReadArgs = {},
  options: ReadOptions<T> = {},
): UseQueryResult<T, ApiError> {
  const read = useQuery<T, ApiError>({
    ...readOptions<T>(callId, args),
    enabled: options.enabled ?? true,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    refetchInterval: pollInterval(options.every),
    select: options.select,
    gcTime: options.fresh ? 0 : undefined,
  });
  useFailureReport(read.error, options.onFailure);
  return read;
}

function readOptions<T>(callId: string, args: ReadArgs) {
  const key = callKey(callId, args);
  return {
    queryKey: key,
    // A reading again after a change is silent: a record just deleted must not raise a second toast.
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callAny<T>(callId, {
        ...args,
        signal,
        read: true,
        silent: args.silent || queryClient.getQueryState(key)?.data !== undefined,
      }),
  };
}

/** Reads several calls at once (each field's choices of a form): one answer per call, in order. */
export function useCallsAny<T = unknown>(
  reads: ReadonlyArray<{ callId: string; args?: ReadArgs }>,
  options: { enabled?: boolean } = {},
) {
  const enabled = options.enabled ?? true;
  return useQueries({
    queries: reads.map(({ callId, args = {} }) => ({ ...readOptions<T>(callId, args), enabled })),
  }) as Array<UseQueryResult<T, ApiError>>;
}

/** Several reads, each made once its arguments are known (`enabled`), all read again every `every` ms
 *  while mounted (a charts screen's panels, docs/adr/0133-charts-screen-kind.md). */
export function useCallReads<T = unknown>(
  reads: ReadonlyArray<{ callId: string; args: ReadArgs; enabled: boolean }>,
  every?: number,
) {
  return useQueries({
    queries: reads.map(({ callId, args, enabled }) => ({
      ...readOptions<T>(callId, args),
      enabled,
      refetchInterval: every,
    })),
  }) as Array<UseQueryResult<T, ApiError>>;
}

/** What each read of `useSettledCalls` has: its answer, null once it failed, undefined while it loads. */
export type Settled<T> = T | null | undefined;

const settled = (results: Array<UseQueryResult<unknown, Error>>) =>
  results.map((r) => (r.data !== undefined ? r.data : r.isError ? null : undefined));

/** `useCallsAny` reduced to each read's answer (null once failed): the same array until one changes,
 *  so what is derived from it is worked out again only then. */
export function useSettledCalls<T = unknown>(reads: ReadonlyArray<{ callId: string; args?: ReadArgs }>): Settled<T>[] {
  return useQueries({
    queries: reads.map(({ callId, args = {} }) => readOptions<T>(callId, args)),
    combine: settled,
  }) as Settled<T>[];
}

/** Reads a call known to the generated types: arguments and answer are typed. */
export function useCall<K extends CallId>(
  callId: K,
  args: Omit<TypedArgs<K>, 'signal' | 'form'>,
  options: ReadOptions<Calls[K]['reply']> = {},
): UseQueryResult<Calls[K]['reply'], ApiError> {
  return useCallAny<Calls[K]['reply']>(callId, args as ReadArgs, options);
}

/** Reads again what is on screen from the calls whose id starts with `prefix` (a Refresh button). */
export function readAgain(prefix: string): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(prefix) });
}

/** A read that takes more than one call (a dashboard's four figures, a picker that asks one of three
 *  calls): `key` names it (start it with the screen's name), `read` gets the signal to pass on. */
export function useRead<T>(
  key: readonly unknown[],
  read: (signal: AbortSignal) => Promise<T>,
  options: Omit<ReadOptions<T>, 'select'> = {},
): UseQueryResult<T, ApiError> {
  const answer = useQuery<T, ApiError>({
    queryKey: key,
    queryFn: ({ signal }) => read(signal),
    enabled: options.enabled ?? true,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    refetchInterval: pollInterval(options.every),
    gcTime: options.fresh ? 0 : undefined,
  });
  useFailureReport(answer.error, options.onFailure);
  return answer;
}
