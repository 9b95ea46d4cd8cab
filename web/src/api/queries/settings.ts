// The books' settings and the person's session: key factories and query options of /me, the
// organization, members and invitations, API keys and tracking categories.
import { queryOptions } from '@tanstack/react-query';
import { api, data } from '../client.ts';
import { read } from './pages.ts';

export const sessionKeys = {
  me: ['me'] as const,
  organization: (id: string | null) => ['organization', id] as const,
};
export const memberKeys = {
  all: ['members'] as const,
  invitations: () => ['members', 'invitations'] as const,
};
export const apiKeyKeys = { all: ['api-keys'] as const };
export const trackingKeys = { all: ['tracking'] as const };

export const meQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: async () => data(await api.GET('/api/v1/me')),
    staleTime: 60_000,
  });

export const organizationQuery = (id: string | null) =>
  read(sessionKeys.organization(id), async () => data(await api.GET('/api/v1/organization')));

export const membersQuery = () => read(memberKeys.all, async () => data(await api.GET('/api/v1/members')));

export const invitationsQuery = () =>
  read(memberKeys.invitations(), async () => data(await api.GET('/api/v1/members/invitations')));

export const apiKeysQuery = () => read(apiKeyKeys.all, async () => data(await api.GET('/api/v1/api-keys')));

export const trackingCategoriesQuery = () =>
  queryOptions({
    queryKey: trackingKeys.all,
    queryFn: async () => data(await api.GET('/api/v1/tracking-categories')),
    staleTime: 60_000,
  });
