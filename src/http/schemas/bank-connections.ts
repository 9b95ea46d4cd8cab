// Internal (D29): bank connection requests; absent from OpenAPI.
import { Type } from '@sinclair/typebox';
import { CursorQuery } from './common.ts';

export const BankConnection = Type.Object({
  id: Type.String({ format: 'uuid' }),
  institution_name: Type.String(),
  status: Type.String({ description: 'pending, active, failed or disconnected' }),
  created_at: Type.String(),
});

export const BankConnectionListQuery = Type.Object({ ...CursorQuery });

export const BankConnectionCreate = Type.Object({
  institution_name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
});
