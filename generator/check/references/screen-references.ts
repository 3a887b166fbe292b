// References made by screens: their kind, entities, calls, routes, fields, labels, rules, plugins,
// cell renderers and widgets, each with the JSON pointer where the screen file names it.
import type {
  CalendarScreen,
  ActionDef,
  Catalogue,
  ChartsScreen,
  CheckTreesScreen,
  ImportPart,
  ImportScreen,
  FormField,
  FormScreen,
  ListScreen,
  MasterDetailScreen,
  RunsCall,
  RunsScreen,
  ScreenDef,
  TabsScreen,
  TilesScreen,
  TreeScreen,
} from '../../../src/core/catalogue/types.ts';
import { tabEntity } from '../../../src/core/catalogue/form-tabs.ts';
import { TILE_RULE_ROOTS } from '../../../src/core/catalogue/tile-visibility.ts';
import type { Reference } from './reference.ts';
import { pointerSegment } from '../../schema-walk.ts';
import { referenceSink } from './reference.ts';
import { dialogScreenReferences } from './dialog-screen-references.ts';
import { DIALOG_SCREEN_KINDS } from '../../../src/core/catalogue/dialog-screens.ts';
import { panelReferences, replyRule } from './panel-references.ts';

type Sink = ReturnType<typeof referenceSink>;

/** A row's dialog of form tabs (docs/adr/0156-batch-and-pick-list-actions.md). */
function formTabsReferences(d: ActionDef['formTabs'], p: string, ref: Sink): void {
  if (!d) return;
  for (const key of ['title', 'intro', 'label', 'saved'] as const) ref('label', d[key], `${p}/${key}`);
  d.tabs.forEach((tab, i) => {
    ref('label', tab.label, `${p}/tabs/${i}/label`);
    ref('screen', tab.form, `${p}/tabs/${i}/form`);
  });
  ref('call', d.copy?.call, `${p}/copy/call`);
  ref('label', d.copy?.title, `${p}/copy/title`);
  ref('label', d.copy?.empty, `${p}/copy/empty`);
  d.copy?.lines.forEach((line, i) => ref('label', line.label, `${p}/copy/lines/${i}/label`));
}

function actionReferences(actions: ActionDef[] | undefined, at: string, ref: Sink, entity: string): void {
  actions?.forEach((a, i) => {
    const p = `${at}/${i}`;
    ref('label', a.label, `${p}/label`);
    ref('label', a.message, `${p}/message`);
    ref('label', a.confirm, `${p}/confirm`);
    ref('label', a.done, `${p}/done`);
    ref('call', a.call, `${p}/call`);
    ref('dialog', a.dialog, `${p}/dialog`);
    ref('screen', a.form, `${p}/form`);
    ref('screen', a.import, `${p}/import`);
    ref('call', a.download, `${p}/download`);
    ref('route', a.to, `${p}/to`);
    ref('rule', a.visible, `${p}/visible`);
    a.requires?.forEach((call, j) => ref('call', call, `${p}/requires/${j}`));
    ref('call', a.impact?.call, `${p}/impact/call`);
    ref('label', a.impact?.message, `${p}/impact/message`);
    ref('label', a.impact?.option, `${p}/impact/option`);
    ref('label', a.done, `${p}/done`);
    ref('rule', a.rowDisabled?.when, `${p}/rowDisabled/when`);
    ref('label', a.rowDisabled?.why, `${p}/rowDisabled/why`);
    ref('label', a.batch?.text, `${p}/batch/text`);
    ref('screen', a.batch?.form, `${p}/batch/form`);
    formTabsReferences(a.formTabs, `${p}/formTabs`, ref);
    for (const [name, field] of Object.entries(a.query ?? {}))
      ref('field', field, `${p}/query/${pointerSegment(name)}`, entity);
  });
}

function listReferences(s: ListScreen, ref: Sink): void {
  ref('entity', s.entity, '/entity');
  ref('entity', s.searchEntity, '/searchEntity');
  ref('call', s.source, '/source');
  const searchEntity = s.searchEntity ?? s.entity;
  s.search?.forEach((f, i) => {
    ref('field', f.field, `/search/${i}/field`, searchEntity);
    ref('label', f.label, `/search/${i}/label`);
  });
  s.columns.forEach((c, i) => {
    ref('field', c.field, `/columns/${i}/field`, s.entity);
    ref('label', c.label, `/columns/${i}/label`);
    ref('cellRenderer', c.render, `/columns/${i}/render`);
  });
  for (const part of ['title', 'image', 'status', 'subtitle'] as const)
    ref('field', s.card?.[part], `/card/${part}`, s.entity);
  actionReferences(s.actions, '/actions', ref, s.entity);
  actionReferences(s.rowActions, '/rowActions', ref, s.entity);
  ref('screen', s.detail?.screen, '/detail/screen');
  for (const part of ['label', 'counted', 'none'] as const) ref('label', s.pick?.[part], `/pick/${part}`);
  for (const part of ['primary', 'secondary'] as const) ref('field', s.pick?.[part], `/pick/${part}`, s.entity);
  s.pick?.keys?.forEach((field, i) => ref('field', field, `/pick/keys/${i}`, s.entity));
  ref('field', s.detail?.value, '/detail/value', s.entity);
  for (const [name, field] of Object.entries(s.detail?.with ?? {}))
    ref('field', field, `/detail/with/${pointerSegment(name)}`, s.entity);
  const keys = s.rowKey === undefined ? [] : Array.isArray(s.rowKey) ? s.rowKey : [s.rowKey];
  keys.forEach((field, i) => ref('field', field, Array.isArray(s.rowKey) ? `/rowKey/${i}` : '/rowKey', s.entity));
  ref('route', s.rowClick?.to, '/rowClick/to');
  for (const [name, field] of Object.entries(s.rowClick?.query ?? {}))
    ref('field', field, `/rowClick/query/${pointerSegment(name)}`, s.entity);
}

function formFieldReferences(fields: FormField[] | undefined, at: string, ref: Sink, entity: string): void {
  fields?.forEach((f, i) => {
    if (typeof f === 'string') return ref('field', f, `${at}/${i}`, entity);
    ref('field', f.field, `${at}/${i}/field`, entity);
    ref('widget', f.widget, `${at}/${i}/widget`);
    ref('rule', f.visible, `${at}/${i}/visible`);
    ref('rule', f.readonlyWhen, `${at}/${i}/readonlyWhen`);
    ref('label', f.section, `${at}/${i}/section`);
    ref('label', f.note, `${at}/${i}/note`);
    ref('rule', f.fills?.when, `${at}/${i}/fills/when`);
    for (const name of Object.keys(f.fills?.values ?? {}))
      ref('field', name, `${at}/${i}/fills/values/${pointerSegment(name)}`, entity);
    ref('field', f.picker?.domain, `${at}/${i}/picker/domain`, entity);
    ref('field', f.picker?.docs, `${at}/${i}/picker/docs`, entity);
  });
}

function formReferences(s: FormScreen, ref: Sink, catalogue: Pick<Catalogue, 'entities'>): void {
  ref('entity', s.entity, '/entity');
  ref('call', s.load, '/load');
  ref('call', s.create, '/create');
  ref('call', s.update, '/update');
  ref('route', s.back, '/back');
  ref('field', s.recordName, '/recordName', s.entity);
  ref('rule', s.confirmSave?.when, '/confirmSave/when');
  ref('label', s.confirmSave?.message, '/confirmSave/message');
  s.details?.fields.forEach((d, i) => {
    ref('field', d.field, `/details/fields/${i}/field`, s.entity);
    ref('cellRenderer', d.render, `/details/fields/${i}/render`);
    ref('label', d.empty, `/details/fields/${i}/empty`);
    ref('label', d.note, `/details/fields/${i}/note`);
  });
  for (const part of ['label', 'done', 'failed'] as const) ref('label', s.submit?.[part], `/submit/${part}`);
  ref('rule', s.submit?.ok, '/submit/ok');
  ref('rule', s.submit?.message, '/submit/message');
  ref('field', s.schemaFrom?.field, '/schemaFrom/field', s.entity);
  s.local?.forEach((field, i) => ref('field', field, `/local/${i}`, s.entity));
  formFieldReferences(s.fields, '/fields', ref, s.entity);
  s.tabs?.forEach((tab, i) => {
    const p = `/tabs/${i}`;
    ref('label', tab.label, `${p}/label`);
    ref('label', tab.section, `${p}/section`);
    ref('rule', tab.visible, `${p}/visible`);
    ref('rule', tab.start, `${p}/start`);
    ref('screen', tab.screen, `${p}/screen`);
    tab.requires?.forEach((call, j) => ref('call', call, `${p}/requires/${j}`));
    // A group must be an object property referring to an entity; its fields are that entity's.
    if (tab.group) ref('field', tab.group, `${p}/group`, s.entity);
    const entity = tabEntity(catalogue.entities, s.entity, tab);
    if (tab.group && Object.hasOwn(catalogue.entities, s.entity) && !entity)
      ref('entity', `${s.entity}.${tab.group}`, `${p}/group`);
    formFieldReferences(tab.fields, `${p}/fields`, ref, entity ?? s.entity);
  });
  actionReferences(s.actions, '/actions', ref, s.entity);
}

function treeReferences(s: TreeScreen, ref: Sink): void {
  ref('entity', s.entity, '/entity');
  ref('call', s.root, '/root');
  ref('call', s.children, '/children');
  ref('field', s.node.id, '/node/id', s.entity);
  ref('field', s.node.label, '/node/label', s.entity);
  ref('field', s.node.hasChildren, '/node/hasChildren', s.entity);
  ref('call', s.search?.call, '/search/call');
  ref('screen', s.form?.screen, '/form/screen');
  ref('call', s.delete, '/delete');
  s.detail?.forEach((d, i) => {
    ref('label', d.label, `/detail/${i}/label`);
    ref('screen', d.screen, `/detail/${i}/screen`);
  });
}

function tabsReferences(s: TabsScreen, ref: Sink): void {
  ref('label', s.signIn?.missing, '/signIn/missing');
  ref('label', s.signIn?.acting, '/signIn/acting');
  ref('label', s.signIn?.go.label, '/signIn/go/label');
  ref('route', s.signIn?.go.to, '/signIn/go/to');
  if (s.scope) {
    ref('label', s.scope.label, '/scope/label');
    ref('call', s.scope.call, '/scope/call');
    ref('label', s.scope.empty, '/scope/empty');
  }
  s.tabs.forEach((tab, i) => {
    ref('label', tab.label, `/tabs/${i}/label`);
    ref('label', tab.section, `/tabs/${i}/section`);
    ref('screen', tab.screen, `/tabs/${i}/screen`);
    ref('rule', tab.visible, `/tabs/${i}/visible`);
    tab.requires?.forEach((call, j) => ref('call', call, `/tabs/${i}/requires/${j}`));
  });
}

/** The master read sits at /master/call, where the effects check finds it. */
function masterDetailReferences(s: MasterDetailScreen, ref: Sink): void {
  ref('call', s.master.call, '/master/call');
  ref('label', s.master.label, '/master/label');
  ref('label', s.master.empty, '/master/empty');
  ref('label', s.master.count?.label, '/master/count/label');
  ref('screen', s.detail.screen, '/detail/screen');
  ref('label', s.detail.label, '/detail/label');
  ref('label', s.detail.none, '/detail/none');
}

function runsReferences(s: RunsScreen, ref: Sink): void {
  const callRef = (c: RunsCall, at: string) => ref('call', c.call, `${at}/call`);
  ref('screen', s.settings, '/settings');
  ref('label', s.section, '/section');
  for (const [name, label] of Object.entries(s.labelValues ?? {}))
    ref('label', label, `/labelValues/${pointerSegment(name)}`);
  s.start.forEach((start, i) => {
    ref('label', start.label, `/start/${i}/label`);
    callRef(start, `/start/${i}`);
  });
  callRef(s.status, '/status');
  callRef(s.history, '/history');
  ref('label', s.column.title, '/column/title');
  for (const [value, label] of Object.entries(s.column.labels))
    ref('label', label, `/column/labels/${pointerSegment(value)}`);
  ref('label', s.confirm.label, '/confirm/label');
  for (const [value, label] of Object.entries(s.confirm.labels ?? {}))
    ref('label', label, `/confirm/labels/${pointerSegment(value)}`);
  ref('label', s.source?.reading, '/source/reading');
  ref('label', s.source?.key, '/source/key');
}

function chartsReferences(s: ChartsScreen, ref: Sink): void {
  // Each read's call sits at /reads/<name>/call, where the effects check finds the screen's reads.
  for (const [name, read] of Object.entries(s.reads)) ref('call', read.call, `/reads/${pointerSegment(name)}/call`);
  s.controls?.forEach((c, i) => {
    ref('label', c.label, `/controls/${i}/label`);
    ref('label', c.empty, `/controls/${i}/empty`);
    ref('label', c.from?.mark?.label, `/controls/${i}/from/mark/label`);
    c.options?.forEach((o, j) => ref('label', o.label, `/controls/${i}/options/${j}/label`));
  });
  s.notes?.forEach((n, i) => {
    ref('label', n.label, `/notes/${i}/label`);
    for (const [value, label] of Object.entries(n.labels ?? {}))
      ref('label', label, `/notes/${i}/labels/${pointerSegment(value)}`);
  });
  s.panels.forEach((p, i) => {
    ref('label', p.title, `/panels/${i}/title`);
    p.series?.forEach((series, j) => ref('label', series.label, `/panels/${i}/series/${j}/label`));
    p.fields?.forEach((f, j) => ref('label', f.label, `/panels/${i}/fields/${j}/label`));
    p.head?.forEach((label, j) => ref('label', label, `/panels/${i}/head/${j}`));
    ref('label', p.nothing, `/panels/${i}/nothing`);
  });
  for (const part of ['everyNote', 'refresh', 'empty', 'loading', 'intro'] as const) ref('label', s[part], `/${part}`);
}

/** docs/adr/0153-check-trees-and-pick-lists.md: `labels.state` is the prefix of one key per state. */
function checkTreesReferences(s: CheckTreesScreen, ref: Sink): void {
  s.trees.forEach((tree, i) => {
    ref('call', tree.read.call, `/trees/${i}/read/call`);
    ref('label', tree.label, `/trees/${i}/label`);
    ref('label', tree.empty, `/trees/${i}/empty`);
  });
  ref('call', s.save.call, '/save/call');
  ref('label', s.save.done, '/save/done');
  for (const [name, key] of Object.entries(s.labels)) {
    const at = `/labels/${pointerSegment(name)}`;
    if (name === 'state') for (const state of ['checked', 'mixed', 'unchecked']) ref('label', `${key}.${state}`, at);
    else ref('label', key, at);
  }
}

function importPartReferences(part: ImportPart | undefined, at: string, ref: Sink): void {
  if (!part) return;
  const labels = (map: Record<string, string> | undefined, where: string) => {
    for (const [value, label] of Object.entries(map ?? {})) ref('label', label, `${where}/${pointerSegment(value)}`);
  };
  const { text, table, lists, report } = part;
  ref('label', text?.label, `${at}/text/label`);
  ref('rule', text?.by, `${at}/text/by`);
  labels(text?.labels, `${at}/text/labels`);
  if (typeof text?.values === 'string') ref('rule', text.values, `${at}/text/values`);
  else
    for (const [name, rule] of Object.entries(text?.values ?? {}))
      ref('rule', rule, `${at}/text/values/${pointerSegment(name)}`);
  ref('rule', table?.when, `${at}/table/when`);
  ref('rule', table?.rows, `${at}/table/rows`);
  ref('label', table?.empty, `${at}/table/empty`);
  ref('rule', table?.paging?.count, `${at}/table/paging/count`);
  table?.columns.forEach((c, i) => {
    ref('label', c.label, `${at}/table/columns/${i}/label`);
    labels(c.labels, `${at}/table/columns/${i}/labels`);
    ref('cellRenderer', c.render, `${at}/table/columns/${i}/render`);
    ref('label', c.none, `${at}/table/columns/${i}/none`);
  });
  lists?.forEach((l, i) => {
    ref('rule', l.rows, `${at}/lists/${i}/rows`);
    ref('label', l.title, `${at}/lists/${i}/title`);
  });
  ref('rule', report?.rows, `${at}/report/rows`);
  ref('label', report?.label, `${at}/report/label`);
}

/** Prefix labels name a key per weekday (.1 Monday to .7) or per state value. */
function calendarReferences(s: CalendarScreen, ref: Sink): void {
  ref('call', s.read.call, '/read/call');
  ref('call', s.save?.call, '/save/call');
  ref('label', s.save?.label, '/save/label');
  ref('label', s.save?.done, '/save/done');
  ref('label', s.back?.label, '/back/label');
  ref('route', s.back?.to, '/back/to');
  const prefixes: Record<string, string[]> = {
    weekday: ['1', '2', '3', '4', '5', '6', '7'],
    weekdayShort: ['1', '2', '3', '4', '5', '6', '7'],
    state: (s.states ?? []).map((st) => st.value),
  };
  for (const [name, key] of Object.entries(s.labels)) {
    const at = `/labels/${pointerSegment(name)}`;
    if (prefixes[name]) for (const end of prefixes[name]) ref('label', `${key}.${end}`, at);
    else ref('label', key, at);
  }
}

function importReferences(s: ImportScreen, ref: Sink): void {
  ref('call', s.call, '/call');
  ref('label', s.reading, '/reading');
  ref('label', s.commit?.label, '/commit/label');
  ref('rule', s.commit?.when, '/commit/when');
  ref('label', s.problems?.title, '/problems/title');
  ref('label', s.problems?.refused, '/problems/refused');
  importPartReferences(s.preview, '/preview', ref);
  importPartReferences(s.result, '/result', ref);
}

/** A tile's rule is decided by the server with the profile, so it reads only what the server has. */
function tilesReferences(s: TilesScreen & Pick<ScreenDef, 'origin'>, ref: Sink, out: Reference[]): void {
  s.tiles.forEach((t, i) => {
    ref('label', t.label, `/tiles/${i}/label`);
    ref('label', t.description, `/tiles/${i}/description`);
    ref('route', t.to, `/tiles/${i}/to`);
    if (t.visible !== undefined) {
      const { file, pointer } = s.origin;
      out.push({
        kind: 'rule',
        name: t.visible,
        file,
        pointer: `${pointer}/tiles/${i}/visible`,
        roots: TILE_RULE_ROOTS,
      });
    }
  });
  s.requires?.forEach((call, j) => ref('call', call, `/requires/${j}`));
}

export function screenReferences(screen: ScreenDef, out: Reference[], catalogue: Pick<Catalogue, 'entities'>): void {
  const ref = referenceSink(out, screen.origin.file, screen.origin.pointer);
  ref('screenKind', screen.kind, '/kind');
  ref('label', screen.title, '/title');
  ref('label', screen.help, '/help');
  screen.breadcrumb?.forEach((b, i) => {
    ref('label', b.label, `/breadcrumb/${i}/label`);
    ref('route', b.to, `/breadcrumb/${i}/to`);
  });
  if (screen.kind === 'form')
    for (const [name, text] of Object.entries(screen.savedQuery ?? {}))
      out.push({
        kind: 'rule',
        name: text,
        file: screen.origin.file,
        pointer: `${screen.origin.pointer}/savedQuery/${pointerSegment(name)}`,
        roots: ['reply', 'form'],
      });
  if (screen.kind === 'list') listReferences(screen, ref);
  else if (screen.kind === 'form') formReferences(screen, ref, catalogue);
  else if (screen.kind === 'tiles') tilesReferences(screen, ref, out);
  else if (screen.kind === 'tree') treeReferences(screen, ref);
  else if (screen.kind === 'tabs') tabsReferences(screen, ref);
  else if (screen.kind === 'runs') runsReferences(screen, ref);
  else if (screen.kind === 'charts') chartsReferences(screen, ref);
  else if (screen.kind === 'import') importReferences(screen, ref);
  else if (screen.kind === 'calendar') calendarReferences(screen, ref);
  else if (DIALOG_SCREEN_KINDS.has(screen.kind)) dialogScreenReferences(screen, out);
  else if (screen.kind === 'master-detail') masterDetailReferences(screen, ref);
  else if (screen.kind === 'checktrees') checkTreesReferences(screen, ref);
  else if (screen.kind === 'panel') {
    const { file, pointer } = screen.origin;
    panelReferences(screen, ref, replyRule(out, file, pointer), replyRule(out, file, pointer, ['row']));
    screen.parts.forEach((p, i) => importPartReferences({ text: p.text, table: p.table }, `/parts/${i}`, ref));
  } else if (screen.kind === 'plugin') {
    ref('plugin', screen.plugin, '/plugin');
    screen.requires?.forEach((call, j) => ref('call', call, `/requires/${j}`));
  }
}
