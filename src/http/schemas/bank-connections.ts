// Internal (D29, D89): bank connections; absent from OpenAPI.
import { Type } from '@sinclair/typebox';
import * as S from './common.ts';

export const BankConnection = Type.Object({
  id: S.IdOutput,
  account: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
    description: 'The bank account; null on requests recorded before connections were real.',
  }),
  source: Type.Union([Type.Literal('file'), Type.Literal('api'), Type.Null()], {
    description: 'file: statements imported; api: lines pushed with POST /bank-transactions.',
  }),
  institution_name: Type.String(),
  status: Type.String({ description: 'active (pending, failed or disconnected on older requests)' }),
  last_import_at: Type.Union([Type.String(), Type.Null()]),
  transaction_count: Type.Integer({ minimum: 0 }),
  unmatched_count: Type.Integer({ minimum: 0 }),
  created_at: Type.String(),
});

export const BankConnectionListQuery = Type.Object({ ...S.CursorQuery });

export const BankConnectionCreate = Type.Object({
  account: Type.String({ format: 'uuid' }),
  source: Type.Union([Type.Literal('file'), Type.Literal('api')]),
  institution_name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
});
