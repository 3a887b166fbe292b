// Reads the names a filtrex rule uses without running it: the functions it calls and the roots of the
// variables it reads. In filtrex "…" is a string while '…' is a quoted variable name, so
// `user.type == 'admin'` reads a variable called admin; catching that is the main point here.

/** Operators written as words; they may precede a parenthesis without being calls. */
const KEYWORDS: ReadonlySet<string> = new Set(['and', 'or', 'not', 'in', 'if', 'then', 'else', 'mod', 'of']);

const DOUBLE_QUOTED = /"(?:[^"\\]|\\.)*"/g;
const SINGLE_QUOTED = /'((?:[^'\\]|\\.)*)'/g;
const NAME = /(?<![\w$.])([A-Za-z_$][\w$]*)((?:\.[A-Za-z_$][\w$]*)*)/g;

function withoutStrings(rule: string): string {
  return rule.replace(DOUBLE_QUOTED, '""');
}

/** Functions a rule calls. */
export function calledFunctions(rule: string): string[] {
  const code = withoutStrings(rule).replace(SINGLE_QUOTED, "''");
  return [...code.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g)]
    .map((m) => m[1])
    .filter((name) => !KEYWORDS.has(name));
}

/** The first segment of every variable a rule reads (`user` for user.type; `admin` for 'admin'). */
export function readRoots(rule: string): string[] {
  const code = withoutStrings(rule);
  const roots: string[] = [...code.matchAll(SINGLE_QUOTED)].map((m) => m[1].split('.')[0]);
  const bare = code.replace(SINGLE_QUOTED, "''");
  for (const m of bare.matchAll(NAME)) {
    const rest = bare.slice(m.index + m[0].length);
    if (KEYWORDS.has(m[1]) || /^\s*\(/.test(rest)) continue;
    if (/^\s+of\b/.test(rest)) continue; // `name of user`: name is a property of what follows
    roots.push(m[1]);
  }
  return roots;
}
