// What the signed-in caller may open and do, from one source: the calls the server says it may make
// (`calls` of the current user, the same decision admit() takes on every request). A tile, route,
// tab or action is shown only when the catalogue's own rule holds and every call it needs is here.
import type { ActionDef, FormTab, TileDef } from '../../core/catalogue/types.ts';
import { tileKey } from '../../core/catalogue/tile-visibility.ts';
import type { ConsoleScreen, FormScreenDef } from '../runtime/screen-types.ts';
import { getBoot } from '../shell/boot.ts';
import { readCurrentUser } from './current-user.ts';

export function mayCall(callId: string): boolean {
  return readCurrentUser()?.calls?.includes(callId) ?? false;
}

/** The calls a screen reads to show anything: a list its source, a form the call that loads the record
 *  (or creates one when the address names none), a tree its root and children calls, a runs screen its
 *  history, status and start calls, a charts screen its reads, a calendar its read, a panel its reads, a master-detail its
 *  master read and its detail's calls, check trees their reads, a plugin what it declares. */
export function screenCalls(screen: ConsoleScreen, query: URLSearchParams = new URLSearchParams()): string[] {
  switch (screen.kind) {
    case 'list':
      return [screen.source];
    case 'form': {
      const creating = screen.key !== undefined && !query.get(screen.key);
      const call = creating ? screen.create : screen.load;
      return call ? [call] : [];
    }
    case 'plugin':
    case 'tiles':
      return screen.requires ?? [];
    case 'tree':
      return [screen.root, screen.children];
    case 'runs':
      return [screen.history.call, screen.status.call, ...screen.start.map((s) => s.call)];
    case 'charts':
      return [...new Set(Object.values(screen.reads).map((r) => r.call))];
    case 'calendar':
      return [screen.read.call];
    case 'master-detail': {
      const detail = getBoot().catalogue.screens[screen.detail.screen] as ConsoleScreen | undefined;
      return [screen.master.call, ...(detail ? screenCalls(detail, query) : [])];
    }
    case 'checktrees':
      return [...new Set(screen.trees.map((tree) => tree.read.call))];
    case 'panel':
      return [screen.read.call, ...Object.values(screen.with ?? {}).map((read) => read.call)];
    default:
      return [];
  }
}

/** The call that saves a form: update for a record it edits (a singleton edits its one record),
 *  create for a new one. */
export function formSaveCall(screen: Pick<FormScreenDef, 'create' | 'update'>, editing: boolean): string | undefined {
  return editing ? screen.update : screen.create;
}

/** A form the caller may not save is read-only for it: fields locked, no Save (docs/adr/0094-read-only-forms-and-small-console-rules.md). */
export function maySaveForm(screen: Pick<FormScreenDef, 'create' | 'update'>, editing: boolean): boolean {
  const call = formSaveCall(screen, editing);
  return call !== undefined && mayCall(call);
}

/** A tab frame opens when the caller may read its scope's choices and open one of its tabs. */
export function mayOpenScreen(screen: ConsoleScreen, query?: URLSearchParams): boolean {
  if (screen.kind === 'tabs') return (!screen.scope || mayCall(screen.scope.call)) && screen.tabs.some(mayOpenTab);
  return screenCalls(screen, query).every(mayCall);
}

/** A tile's own rule holds when it has none or the server listed it for this user (`tiles` of the profile,
 *  docs/adr/0145-first-load-tiles-decided-by-the-server.md): the console evaluates no tile rule. */
export function tileRuleHolds(screenId: string, tile: Pick<TileDef, 'id' | 'visible'>): boolean {
  return tile.visible === undefined || (readCurrentUser()?.tiles?.includes(tileKey(screenId, tile.id)) ?? false);
}

/** A catalogue route path, with or without a query; unknown paths and redirects are left to the router. */
export function mayOpenRoute(target: string): boolean {
  const [path, search] = target.split('?');
  const { catalogue } = getBoot();
  const route = catalogue.routes.find((r) => r.path === path);
  const screen = route?.screen ? catalogue.screens[route.screen] : undefined;
  return screen ? mayOpenScreen(screen as ConsoleScreen, new URLSearchParams(search)) : true;
}

/** A row action opening a form screen in a dialog needs the call that saves it. */
/** What opening a form in a dialog needs: its `load` when it reads the record whole (a record view
 *  with `details` included, docs/adr/0155-record-views-and-command-forms.md), the form being read-only
 *  for who may not save it; else its save call. */
function formSave(formId: string | undefined): string | undefined {
  const form = formId ? (getBoot().catalogue.screens[formId] as ConsoleScreen | undefined) : undefined;
  return form?.kind === 'form' ? (form.load ?? form.update ?? form.create) : undefined;
}

/** An action opening an import screen needs the upload and the import's call (docs/adr/0141-import-with-preview-screen.md). */
function importCalls(importId: string | undefined): string[] {
  const screen = importId ? (getBoot().catalogue.screens[importId] as ConsoleScreen | undefined) : undefined;
  return screen?.kind === 'import' ? ['uploads.upload', screen.call] : [];
}

export function mayRunAction(
  action: Pick<ActionDef, 'call' | 'download' | 'requires' | 'to' | 'form' | 'import'>,
): boolean {
  const calls = [
    action.call,
    action.download,
    formSave(action.form),
    ...importCalls(action.import),
    ...(action.requires ?? []),
  ].filter((c): c is string => c !== undefined);
  return calls.every(mayCall) && (action.to === undefined || mayOpenRoute(action.to));
}

export function mayOpenTab(tab: Pick<FormTab, 'requires' | 'screen'>): boolean {
  const embedded = tab.screen ? (getBoot().catalogue.screens[tab.screen] as ConsoleScreen | undefined) : undefined;
  return (tab.requires ?? []).every(mayCall) && (!embedded || mayOpenScreen(embedded));
}
