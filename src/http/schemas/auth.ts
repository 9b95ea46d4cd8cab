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

export const Signup = Type.Object({
  user: User,
  organization: OrganizationSummary,
  sandbox: OrganizationSummary,
  token: Type.String(),
});

export const LoginRequest = Type.Object({
  email: Type.String({ minLength: 1 }),
  password: Type.String({ minLength: 1 }),
});

export const Login = Type.Object({ token: Type.String(), user: User });

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
