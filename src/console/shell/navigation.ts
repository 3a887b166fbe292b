// Navigation for code outside components (the API client's 401, route guards) and the page on screen,
// which a blocking guard returns to. The console's router (ConsoleRouter.tsx) registers both.
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigate: Navigate | null = null;
let shown: string | null = null;

export function setNavigator(next: Navigate | null): void {
  navigate = next;
}

/** Records the location whose page is on screen, once the route gate has let it through. */
export function setShownPath(path: string | null): void {
  shown = path;
}

/** The location on screen (during a navigation, the one being left); null before the first page. */
export function currentPath(): string | null {
  return shown;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (navigate) navigate(path, options);
  else window.location.hash = `#${path}`;
}
