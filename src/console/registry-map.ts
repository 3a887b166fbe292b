// One map of the console registry: exact names → lazily loaded modules; a name registered twice is an
// error. Apart from registry.ts, so what reads a map (through the shell, runtime/registry-context.ts)
// never imports the modules the registry loads (docs/adr/0102-no-import-cycles.md).

export type ModuleLoader = () => Promise<unknown>;
export type Registry = Readonly<Record<string, ModuleLoader>>;

/** Builds one map; a name registered twice is a programming error, reported at once. */
export function registry(kind: string, entries: Array<[string, ModuleLoader]>): Registry {
  const map: Record<string, ModuleLoader> = {};
  for (const [name, load] of entries) {
    if (Object.prototype.hasOwnProperty.call(map, name))
      throw new Error(`duplicate ${kind} "${name}" in the console registry`);
    map[name] = load;
  }
  return Object.freeze(map);
}
