// Internal surface (absent from OpenAPI, so no component names): organization settings, period
// lock, members.
import { Type } from '@sinclair/typebox';
import { ROLES } from '../../domain/roles.ts';
import * as S from './common.ts';

/** Books as a member sees them (sign-up answers two of these). */
export const OrganizationSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mode: Type.String(),
  live_organization_id: S.OrNull(Type.String()),
  currency: Type.String(),
  timezone: Type.String(),
  country: S.OrNull(
    Type.String({ description: 'ISO 3166-1 alpha-2; null for books made before sign-up asked.' }),
  ),
  fiscal_year_start_month: Type.Integer({ minimum: 1, maximum: 12, description: '1 (January) to 12.' }),
  books_closed_through: S.OrNull(Type.String()),
  seats: Type.Integer(),
  role: Type.String(),
});

export const Organization = Type.Composite([OrganizationSummary, Type.Object({ version: Type.Integer() })]);

export const OrganizationUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  timezone: Type.Optional(Type.String({ minLength: 1 })),
  country: Type.Optional(Type.String({ minLength: 1, maxLength: 2 })),
  fiscal_year_start_month: Type.Optional(Type.Integer()),
});

export const PeriodClose = Type.Object({ through: Type.String() });
export const PeriodReopen = Type.Object({ through: S.OrNull(Type.String()) });

export const Member = Type.Object({
  user_id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Type.String(),
  joined_at: Type.String(),
});

export const MemberList = Type.Object({ results: Type.Array(Member), seats: Type.Integer() });

const Role = S.Literals(ROLES);
export const MemberAdd = Type.Object({ email: Type.String({ minLength: 3 }), role: Role });
export const MemberRoleChange = Type.Object({ role: Role });
export const MemberParams = Type.Object({ user_id: Type.String() });
