// Internal surface: API keys (owner and admin only; D14-D18).
import { Type } from '@sinclair/typebox';
import { API_KEY_ROLES } from '../../domain/roles.ts';
import * as S from './common.ts';

const Nullable = S.OrNull(Type.String());

export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: Type.String(),
  prefix: Type.String({ description: 'The first characters and checksum tail, for recognising a key.' }),
  mode: Type.String(),
  status: Type.String({ description: 'active, revoked or expired' }),
  created_by: Type.String(),
  created_at: Type.String(),
  expires_at: Type.String(),
  revoked_at: Nullable,
  last_used_at: Nullable,
  rotated_from: Nullable,
  replaced_by: Nullable,
});

export const NewApiKey = Type.Composite([
  ApiKey,
  Type.Object({ key: Type.String({ description: 'Shown once.' }) }),
]);

export const ApiKeyCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  role: S.Literals(API_KEY_ROLES),
  expires_at: Type.Optional(Type.String()),
});

export const ApiKeyListQuery = Type.Object(S.CursorQuery);
