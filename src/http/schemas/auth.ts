// Internal surface: sign-up, log-in, me (DECISIONS "Organizations, users, sessions").
import { Type } from '@sinclair/typebox';
import { PASSWORD_LENGTH_MAX, PASSWORD_RULE } from '../../domain/password.ts';
import { ROLES } from '../../domain/roles.ts';
import * as S from './common.ts';
import { OrganizationSummary } from './organizations.ts';

const Email = Type.String({ format: 'email', maxLength: 320 });
export const User = Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() });
/** A one-time link's token (D94), as the link carries it after `#token=`. */
export const LinkToken = Type.String({ minLength: 1, maxLength: 200 });
const Password = Type.String({
  minLength: 1,
  maxLength: PASSWORD_LENGTH_MAX,
  description: PASSWORD_RULE,
});

export const SignupRequest = Type.Object({
  email: Email,
  password: Password,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  organization_name: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The new live books (and their sandbox). Required, unless `invitation` is sent.',
    }),
  ),
  currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$' })),
  timezone: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'IANA time zone of the books (default UTC).' }),
  ),
  country: Type.Optional(
    Type.String({ minLength: 1, maxLength: 2, description: 'ISO 3166-1 alpha-2 code of the books.' }),
  ),
  fiscal_year_start_month: Type.Optional(
    Type.Integer({ description: 'The month the fiscal year starts, 1 (January, the default) to 12.' }),
  ),
  invitation: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'An invitation token (D94): the new user joins the inviting books with the invited role instead of creating books; `email` must be the invited address.',
    }),
  ),
});

/** D81: absent when the request said `X-Folio-Client: web`: the session went into a cookie instead. */
const SessionToken = Type.Optional(
  Type.String({
    description:
      'The session token (send it as Authorization: Bearer). Absent for the web app (X-Folio-Client: web), whose session is an HttpOnly cookie.',
  }),
);

export const Signup = Type.Object({
  user: User,
  organization: OrganizationSummary,
  sandbox: OrganizationSummary,
  token: SessionToken,
});

export const LoginRequest = Type.Object({
  email: Type.String({ minLength: 1 }),
  password: Type.String({ minLength: 1 }),
});

export const Login = Type.Object({ token: SessionToken, user: User });

export const Me = Type.Object({
  user: User,
  memberships: Type.Array(
    Type.Object({
      organization_id: Type.String(),
      name: Type.String(),
      mode: Type.String(),
      role: Type.String(),
      live_organization_id: S.OrNull(Type.String()),
    }),
  ),
});

// ---- D94: password reset and invitations ------------------------------------------------------

export const PasswordResetRequest = Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }) });
export const PasswordResetRequested = Type.Object({
  message: Type.String({ description: 'The same whether or not an account uses the address.' }),
});
export const PasswordResetConfirm = Type.Object({ token: LinkToken, password: Password });

const Role = S.Literals(ROLES);
export const InvitationStatus = S.Literals(['pending', 'expired', 'accepted', 'revoked'] as const);

export const Invitation = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: Role,
  status: InvitationStatus,
  invited_by: Type.String(),
  invited_by_name: Type.String(),
  created_at: Type.String(),
  expires_at: Type.String(),
  accepted_at: S.OrNull(Type.String()),
  revoked_at: S.OrNull(Type.String()),
});
export const InvitationList = Type.Object({ results: Type.Array(Invitation) });
export const InvitationCreate = Type.Object({ email: Email, role: Role });
export const InvitationParams = Type.Object({ id: Type.String() });
export const InvitationToken = Type.Object({ token: LinkToken });
export const InvitationAccepted = Type.Object({
  organization: OrganizationSummary,
  sandbox: OrganizationSummary,
});
export const InvitationPreview = Type.Object({
  email: Type.String(),
  role: Role,
  organization_name: Type.String(),
  invited_by_name: Type.String(),
  expires_at: Type.String(),
  has_account: Type.Boolean({
    description: 'Whether the invited address has a Folio account (log in, else sign up).',
  }),
});
