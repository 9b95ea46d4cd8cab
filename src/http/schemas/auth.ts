// Internal surface: sign-up, log-in, me (DECISIONS "Organizations, users, sessions").
import { Type } from '@sinclair/typebox';
import { OrNull } from './common.ts';
import { OrganizationSummary } from './organizations.ts';

const Email = Type.String({ format: 'email', maxLength: 320 });
export const User = Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() });
export const SignupRequest = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 200 }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  organization_name: Type.String({ minLength: 1, maxLength: 200 }),
  currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$' })),
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
      live_organization_id: OrNull(Type.String()),
    }),
  ),
});
