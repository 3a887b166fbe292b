// The header title: the global logo configuration without its leading TK_, else the default label.
export function consoleTitle(configured: string | undefined, fallback: string): string {
  const title = (configured ?? '').replace(/^TK_/, '').trim();
  return title || fallback;
}
