// The console build's stand-in for re2js (vite.config.ts, docs/adr/0234-regex-built-ins-server-only.md):
// the FEEL regex built-ins are the server's; here no pattern compiles, so they give null.
const serverOnly = (): never => {
  throw new Error('FEEL regular expressions are evaluated by the server only');
};

export class RE2JS {
  static CASE_INSENSITIVE = 1;
  static DOTALL = 2;
  static MULTILINE = 4;
  static compile = serverOnly;
  static quote = serverOnly;
  static quoteReplacement = serverOnly;
  matcher = serverOnly;
  split = serverOnly;
}
