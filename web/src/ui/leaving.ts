// Issue 21's unsaved-changes guard, its pure part: which clicks are an in-app link's navigation, so
// the guard (UnsavedGuard.tsx) may hold them and ask first. The app uses BrowserRouter (no data
// router, so no useBlocker): every in-app link is an <a href> on this origin, whatever drew it.

/** What the guard reads of a click: its button and modifier keys, and the link it landed in. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  link: { href: string; target: string; download: boolean } | null;
}

/**
 * The path a click would take the app to ("/invoices?status=sent"), or null when it leaves the
 * page some other way (a new tab, a download, another site) or stays where it is.
 */
export function inAppTarget(click: LinkClick, here: { origin: string; href: string }): string | null {
  const { link } = click;
  if (!link || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if (link.download || (link.target !== '' && link.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(link.href, here.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  const current = new URL(here.href);
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path === `${current.pathname}${current.search}${current.hash}`) return null;
  return path;
}

/**
 * react-router's index of a history entry (the `idx` its BrowserRouter writes into every entry's
 * state, counting from the app's first), or null for an entry it did not make (a bare `#fragment`).
 */
export function historyIndex(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('idx' in state)) return null;
  return typeof state.idx === 'number' && Number.isInteger(state.idx) ? state.idx : null;
}

/** The editor's state as one comparable text: unsaved when it differs from the one last saved. */
export function snapshotOf(value: unknown): string {
  return JSON.stringify(value);
}
