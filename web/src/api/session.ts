// D46: the session token lives in memory and in sessionStorage (this tab only), never in a cookie.
// The chosen books (organization id) travel with it, so a reload keeps the person where they were.
export interface Session {
  token: string;
  organizationId: string | null;
}

const STORAGE_KEY = 'folio.session';
type Listener = (session: Session | null) => void;

let current: Session | null = readStored();
const listeners = new Set<Listener>();

function readStored(): Session | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<Session>;
    return typeof parsed.token === 'string'
      ? { token: parsed.token, organizationId: parsed.organizationId ?? null }
      : null;
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session | null) {
  current = session;
  try {
    if (session) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode quotas): the session still lives in memory for this page.
  }
  for (const listener of listeners) listener(session);
}

export function selectBooks(organizationId: string) {
  if (current) setSession({ ...current, organizationId });
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
