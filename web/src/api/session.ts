// D81: the session itself is an HttpOnly cookie that the API sets on log-in and that page script never
// sees; every tab of the browser shares it. What this module keeps is what a tab knows about it:
// - whether it is signed in: `unknown` until GET /me answers (or a log-in, or a 401, says so);
// - the chosen books: per tab (sessionStorage), with the last choice in localStorage so that a new tab
//   opens the same books. GET /me decides whether a remembered choice is still one of the person's.
// Log-in and log-out are announced to the other tabs (BroadcastChannel, else a `storage` event), so a
// tab still showing the books returns to log in as soon as another logs out.
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  organizationId: string | null;
}

const TAB_BOOKS_KEY = 'folio.books';
const LAST_BOOKS_KEY = 'folio.books.last';
const CHANNEL_NAME = 'folio.session';
const STORAGE_EVENT_KEY = 'folio.session.event';

type Announcement = 'signed-in' | 'signed-out';
type Listener = (session: Session) => void;

let current: Session = { status: 'unknown', organizationId: readBooks() };
const listeners = new Set<Listener>();

function readBooks(): string | null {
  try {
    return sessionStorage.getItem(TAB_BOOKS_KEY) ?? localStorage.getItem(LAST_BOOKS_KEY);
  } catch {
    return null; // storage refused (private mode): the choice lives in memory only
  }
}

function update(next: Partial<Session>) {
  const changed = { ...current, ...next };
  if (changed.status === current.status && changed.organizationId === current.organizationId) return;
  current = changed;
  for (const listener of listeners) listener(current);
}

/** The same object until something changes (useSyncExternalStore relies on it). */
export function getSession(): Session {
  return current;
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function selectBooks(organizationId: string) {
  try {
    sessionStorage.setItem(TAB_BOOKS_KEY, organizationId);
    localStorage.setItem(LAST_BOOKS_KEY, organizationId);
  } catch {
    // storage refused: this tab still works in memory
  }
  update({ organizationId });
}

/** GET /me answered: the cookie's session is live. Not announced (nothing changed for other tabs). */
export function confirmSignedIn() {
  update({ status: 'signed-in' });
}

/** This tab logged in or signed up: it and every other tab now share a live session. */
export function signedIn() {
  update({ status: 'signed-in' });
  announce('signed-in');
}

/**
 * The session is over. `announced`: this tab logged out, so the others are told. A 401 is not
 * announced: another tab may already have logged in again, and only its own requests can tell.
 */
export function signedOut({ announced }: { announced: boolean }) {
  update({ status: 'signed-out' });
  if (announced) announce('signed-out');
}

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;

function announce(message: Announcement) {
  if (channel) {
    channel.postMessage(message);
    return;
  }
  try {
    // Other tabs get a `storage` event for each write; the time makes every write a change.
    localStorage.setItem(STORAGE_EVENT_KEY, JSON.stringify({ message, at: Date.now() }));
  } catch {
    // no storage: the other tabs learn at their next request (401)
  }
}

function heard(message: unknown) {
  if (message === 'signed-out') update({ status: 'signed-out' });
  // Another tab logged in: a tab showing log in goes on; one already in is unaffected.
  if (message === 'signed-in' && current.status === 'signed-out') update({ status: 'signed-in' });
}

if (channel) channel.onmessage = (event: MessageEvent) => heard(event.data);
else if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_EVENT_KEY || !event.newValue) return;
    try {
      heard((JSON.parse(event.newValue) as { message?: unknown }).message);
    } catch {
      // not ours
    }
  });
}
