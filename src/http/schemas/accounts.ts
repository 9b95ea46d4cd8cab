// Chart of accounts (spec "Account", D19): the response, the create and update bodies, the page.
import { Type } from '@sinclair/typebox';
import { ACCOUNT_TYPES } from '../../domain/chart.ts';
import * as S from './common.ts';

export const AccountType = S.Literals(ACCOUNT_TYPES, {
  description: 'asset, liability, equity, income or expense',
});

export const Account = S.Named('Account', {
  id: S.IdOutput,
  number: Type.String(),
  name: Type.String(),
  type: AccountType,
  detail_type: Type.String(),
  currency: Type.String(),
  description: Type.String(),
  is_active: Type.Boolean(),
  is_system: Type.Boolean({
    description: 'Seeded account the service posts to; it cannot be deactivated.',
  }),
  system_role: S.OrNull(Type.String(), {
    description:
      'The role the service finds this account by (accounts_receivable, undeposited_funds, sales_tax_payable, ...), whatever its number or name; its type and detail type cannot change. Null for other accounts.',
  }),
  balance: S.MoneyOutput('Posted balance, natural sign (debit-normal for assets and expenses).'),
  ...S.RecordStamps,
});

export const PageAccount = S.Page(S.ref(Account), 'Account');

export const AccountListQuery = Type.Object({
  ...S.CursorQuery,
  type: Type.Optional(AccountType),
  ...S.ActiveFilter,
});

const AccountNumber = Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z.-]+$' });
const AccountName = Type.String({ minLength: 1, maxLength: 200 });
const DetailType = Type.String({
  minLength: 1,
  maxLength: 100,
  description:
    'One of the detail types of the account type (asset: bank, cash, undeposited_funds, ...); default other_<type>.',
});
const Description = Type.String({ maxLength: 2000 });

export const AccountCreate = S.Named('AccountCreate', {
  number: AccountNumber,
  name: AccountName,
  type: AccountType,
  detail_type: Type.Optional(DetailType),
  description: Type.Optional(Description),
  currency: Type.Optional(Type.String()),
});

export const AccountUpdate = S.Named('AccountUpdate', {
  number: Type.Optional(AccountNumber),
  name: Type.Optional(AccountName),
  detail_type: Type.Optional(DetailType),
  description: Type.Optional(Description),
  ...S.ActivationUpdate,
});
