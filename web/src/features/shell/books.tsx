// The books the person works in: their memberships (GET /me, which also tells the app whether the
// session cookie is live, D81), the chosen organization's settings (GET /organization) and the
// live/sandbox pair the header switches between (D44).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { meQuery, organizationQuery, sessionKeys } from '../../api/queries/settings.ts';
import {
  confirmSignedIn,
  getSession,
  onSessionChange,
  type Session,
  selectBooks,
} from '../../api/session.ts';
import { type Abilities, abilitiesOf } from './roles.ts';

export function useSession(): Session {
  return useSyncExternalStore(onSessionChange, getSession);
}

/** GET /me, asked unless the tab knows it is signed out; an answer means the session is live. */
export function useMe() {
  const session = useSession();
  const me = useQuery({ ...meQuery(), enabled: session.status !== 'signed-out' });
  const answered = me.data !== undefined;
  useEffect(() => {
    if (answered) confirmSignedIn();
  }, [answered]);
  return me;
}

/**
 * The tab's books: the remembered choice if it is still one of the person's books (another person may
 * have used this browser), else their first live books. While GET /me is on its way the remembered
 * choice is taken on trust, so GET /organization goes out beside it instead of after it: a returning
 * dashboard waits for one round trip less. A choice /me then refuses is replaced, and its answer never
 * reaches a screen (useBooks needs both answers).
 */
export function useChosenBooks(): string | null {
  const me = useMe().data;
  const { organizationId, status } = useSession();
  const valid = Boolean(me?.memberships.some((m) => m.organization_id === organizationId));
  const fallback = me ? (me.memberships.find((m) => m.mode === 'live') ?? me.memberships[0]) : undefined;
  useEffect(() => {
    if (me && !valid && fallback) selectBooks(fallback.organization_id);
  }, [me, valid, fallback]);
  if (!me) return status === 'signed-out' ? null : organizationId;
  return valid ? organizationId : null;
}

export function useOrganization() {
  const organizationId = useChosenBooks();
  return useQuery({ ...organizationQuery(organizationId), enabled: Boolean(organizationId) });
}

export interface Books {
  organizationId: string;
  name: string;
  currency: string;
  role: string;
  mode: 'live' | 'sandbox';
  booksClosedThrough: string | null;
  timezone: string;
  /** 1-12: the month the books' fiscal year starts (issue 21; January for older books). */
  fiscalYearStartMonth: number;
  /** ISO 3166-1 alpha-2, or null for books made before sign-up asked. */
  country: string | null;
  can: Abilities;
  /** The other books of the pair (sandbox for live, live for sandbox), when the person has them. */
  otherId: string | null;
}

/**
 * The chosen books, or null while loading. The same object for as long as the answers of GET /me
 * and GET /organization are unchanged (TanStack Query keeps an unchanged answer's identity), so a
 * screen may depend on it in an effect or a memo without running on every render.
 */
export function useBooks(): Books | null {
  const me = useMe().data;
  const organization = useOrganization().data;
  return useMemo(() => (me && organization ? trustedBooks(me, organization) : null), [me, organization]);
}

/** The books of these two answers, when /me says the person holds them (else null). */
export function trustedBooks(me: Me, organization: Organization): Books | null {
  const trusted = me.memberships.some((m) => m.organization_id === organization.id);
  return trusted ? booksOf(me, organization) : null;
}

type Me = NonNullable<ReturnType<typeof useMe>['data']>;
type Organization = NonNullable<ReturnType<typeof useOrganization>['data']>;

function booksOf(me: Me, org: Organization): Books {
  const mode = org.mode === 'sandbox' ? 'sandbox' : 'live';
  const liveId = mode === 'sandbox' ? org.live_organization_id : org.id;
  const other = me.memberships.find((m) =>
    mode === 'live'
      ? m.live_organization_id === liveId && m.mode === 'sandbox'
      : m.organization_id === liveId,
  );
  return {
    organizationId: org.id,
    name: org.name,
    currency: org.currency,
    role: org.role,
    mode,
    booksClosedThrough: org.books_closed_through,
    timezone: org.timezone,
    fiscalYearStartMonth: org.fiscal_year_start_month,
    country: org.country,
    can: abilitiesOf(org.role),
    otherId: other?.organization_id ?? null,
  };
}

/** Switches books: every cached answer belonged to the other books, so all of it goes. */
export function useSwitchBooks() {
  const queryClient = useQueryClient();
  return (organizationId: string) => {
    selectBooks(organizationId);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.me[0] });
  };
}
