// Banking (D70-D77): statements, bank transactions and saved CSV mappings.
import { Type } from '@sinclair/typebox';
import { BANK_TRANSACTION_STATUSES, PUSH_TRANSACTIONS_MAX } from '../../app/banking/bank-transactions.ts';
import { ACCEPT_IDS_MAX, CREATE_KINDS } from '../../app/banking/create-from-bank-line.ts';
import { DATE_FORMATS, DELIMITERS } from '../../app/banking/formats/csv.ts';
import { TRACKING_OPTIONS_MAX } from '../../app/banking/line-actions.ts';
import { MATCH_LINES_MAX } from '../../app/banking/match-bank-transaction.ts';
import { APPLICATIONS_MAX, PAYMENT_METHODS } from '../../app/payments/payments-received.ts';
import * as S from './common.ts';

const Column = Type.String({ minLength: 1, maxLength: 200, description: 'A header name of the CSV file.' });
const DateFormat = S.Literals(DATE_FORMATS, { description: 'How the date column writes dates.' });
const DecimalSeparator = S.Literals(['.', ','] as const, {
  description: 'The decimal mark of amounts (default `.`).',
});
const Delimiter = S.Literals(DELIMITERS, {
  description: 'The field delimiter; found from the header line when omitted.',
});

// ---- statements ------------------------------------------------------------------------------------

export const BankStatement = S.Named('BankStatement', {
  id: S.IdOutput,
  account: Type.String({ format: 'uuid', description: 'The bank account (D70).' }),
  format: S.Literals(['ofx', 'qfx', 'camt.053', 'csv'] as const),
  file_sha256: Type.String({ description: 'SHA-256 of the file as sent, hex.' }),
  period_start: S.OrNull(Type.String({ format: 'date' })),
  period_end: S.OrNull(Type.String({ format: 'date' })),
  opening_balance: S.OrNull(S.MoneyOutput('Where the file states one (camt.053).')),
  closing_balance: S.OrNull(S.MoneyOutput('Where the file states one (OFX LEDGERBAL, camt.053 CLBD).')),
  lines_imported: Type.Integer({ minimum: 0 }),
  lines_skipped: Type.Integer({
    minimum: 0,
    description: 'Lines whose bank_reference was already imported.',
  }),
  version: Type.Integer(),
  created_at: Type.String(),
});

export const PageBankStatement = S.Page(S.ref(BankStatement), 'BankStatement');

export const BankStatementListQuery = Type.Object({
  ...S.CursorQuery,
  account: Type.Optional(Type.String({ description: 'Only the imports into this bank account.' })),
});

const MappingQuery = {
  date_column: Type.Optional(Column),
  amount_column: Type.Optional(Column),
  debit_column: Type.Optional(Column),
  credit_column: Type.Optional(Column),
  description_column: Type.Optional(Column),
  payee_column: Type.Optional(Column),
  reference_column: Type.Optional(Column),
  date_format: Type.Optional(DateFormat),
  decimal_separator: Type.Optional(DecimalSeparator),
  delimiter: Type.Optional(Delimiter),
};

export const BankStatementImportQuery = Type.Object({
  account: Type.String({ description: 'The bank account the statement belongs to.' }),
  mapping: Type.Optional(Type.String({ description: 'A saved CSV mapping (text/csv only).' })),
  ...MappingQuery,
});

// ---- bank transactions ------------------------------------------------------------------------------

export const BankSuggestion = Type.Object(
  {
    rule: Type.String({ format: 'uuid' }),
    rule_name: Type.String(),
    kind: S.Literals(['spend', 'receive', 'transfer'] as const),
    account: Type.String({ format: 'uuid' }),
    tax_rate: S.OrNull(Type.String({ format: 'uuid' })),
    tracking_options: Type.Array(Type.String({ format: 'uuid' })),
    memo: S.OrNull(Type.String()),
  },
  {
    $id: 'BankSuggestion',
    title: 'BankSuggestion',
    description: 'What the first matching bank rule proposes (D75).',
  },
);

export const BankTransaction = S.Named('BankTransaction', {
  id: S.IdOutput,
  account: Type.String({ format: 'uuid' }),
  date: Type.String({ format: 'date' }),
  amount: S.MoneyOutput('Positive for money in, negative for money out (D70).'),
  description: Type.String(),
  payee: S.OrNull(Type.String()),
  bank_reference: Type.String({ description: 'Unique per bank account (D72).' }),
  statement: S.OrNull(
    Type.String({ format: 'uuid', description: 'The import it came from; null when pushed.' }),
  ),
  status: S.Literals(BANK_TRANSACTION_STATUSES),
  matched: Type.Array(
    Type.Object({
      journal_line: Type.String({ format: 'uuid' }),
      journal_entry: Type.String({ format: 'uuid' }),
      amount: S.MoneyOutput('The line’s effect on the bank account (debit positive).'),
    }),
  ),
  suggestion: S.OrNull(S.ref(BankSuggestion)),
  reconciliation: S.OrNull(Type.String({ format: 'uuid' })),
  ...S.RecordStamps,
});

export const PageBankTransaction = S.Page(S.ref(BankTransaction), 'BankTransaction');

export const BankTransactionListQuery = Type.Object({
  ...S.CursorQuery,
  account: Type.Optional(Type.String({ description: 'Only this bank account’s lines.' })),
  status: Type.Optional(S.Literals(BANK_TRANSACTION_STATUSES)),
  from: Type.Optional(S.DateString('Lines dated on or after.')),
  to: Type.Optional(S.DateString('Lines dated on or before.')),
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Case-insensitive substring of description, payee or reference.',
    }),
  ),
});

export const BankTransactionPush = S.Named('BankTransactionPush', {
  account: S.Uuid('The bank account (D70).'),
  transactions: Type.Array(
    Type.Object({
      date: S.DateString(),
      amount: S.MoneyInput('Positive for money in, negative for money out.'),
      description: Type.Optional(Type.String({ maxLength: 1000 })),
      payee: Type.Optional(S.OrNull(Type.String({ maxLength: 1000 }))),
      bank_reference: Type.String({
        minLength: 1,
        maxLength: 255,
        description: 'Unique per account (D72).',
      }),
    }),
    { minItems: 1, maxItems: PUSH_TRANSACTIONS_MAX },
  ),
});

export const BankTransactionPushResult = S.Named('BankTransactionPushResult', {
  account: Type.String({ format: 'uuid' }),
  lines_imported: Type.Integer({ minimum: 0 }),
  lines_skipped: Type.Integer({ minimum: 0, description: 'Lines whose bank_reference was already there.' }),
  results: Type.Array(S.ref(BankTransaction), { description: 'Every line of the request, in its order.' }),
});

export const BankTransactionMatch = S.Named('BankTransactionMatch', {
  journal_lines: Type.Array(
    Type.String({ description: 'A journal line id (journal entry lines carry `id`).' }),
    {
      minItems: 1,
      maxItems: MATCH_LINES_MAX,
    },
  ),
  ...S.VersionRead,
});

export const BankTransactionSuggestions = S.Named('BankTransactionSuggestions', {
  results: Type.Array(
    Type.Object({
      kind: S.Literals(['journal_line', 'invoice', 'bill', 'rule'] as const, {
        description:
          'journal_line: match it; invoice or bill: record its payment; rule: what a bank rule proposes.',
      }),
      journal_line: S.OrNull(Type.String({ format: 'uuid' })),
      journal_entry: S.OrNull(Type.String({ format: 'uuid' })),
      document: S.OrNull(Type.String({ format: 'uuid', description: 'The open invoice or bill.' })),
      number: S.OrNull(Type.String()),
      date: S.OrNull(Type.String({ format: 'date' })),
      amount: S.MoneyOutput(),
      rule: S.OrNull(S.ref(BankSuggestion)),
      reasons: Type.Array(
        Type.Object({
          reason: S.Literals(['amount_equal', 'date_within_days', 'reference_found', 'rule'] as const),
          days: Type.Optional(Type.Integer({ minimum: 0 })),
          reference: Type.Optional(Type.String()),
          rule: Type.Optional(Type.String()),
          rule_name: Type.Optional(Type.String()),
        }),
      ),
    }),
  ),
});

// ---- creating from a bank line (D74) and accepting suggestions (D75) -----------------------------------

const CreateApplication = Type.Object({
  invoice_id: Type.Optional(Type.String({ description: 'kind payment: an open invoice of the customer.' })),
  bill_id: Type.Optional(Type.String({ description: 'kind bill_payment: an open bill of the vendor.' })),
  amount: S.MoneyInput(),
});

export const BankTransactionCreate = S.Named('BankTransactionCreate', {
  kind: S.Literals(CREATE_KINDS, {
    description:
      'spend (money out) or receive (money in): a journal entry between the bank account and `account`, the amount tax-inclusive; transfer: to or from another bank account; payment (money in): a payment received from `customer`; bill_payment (money out): a payment of `vendor`’s bills.',
  }),
  account: Type.Optional(
    Type.String({
      description:
        'spend, receive: the other account (not receivables, payables, inventory, Undeposited Funds, a bank or card); transfer: another bank account (D70).',
    }),
  ),
  tax_rate: Type.Optional(
    S.OrNull(
      Type.String({
        description: 'spend, receive: the tax included in the amount, split off as on invoice lines.',
      }),
    ),
  ),
  tracking_options: Type.Optional(Type.Array(Type.String(), { maxItems: TRACKING_OPTIONS_MAX })),
  memo: Type.Optional(S.OrNull(Type.String({ maxLength: 2000 }))),
  customer: Type.Optional(Type.String({ description: 'payment: the customer.' })),
  vendor: Type.Optional(Type.String({ description: 'bill_payment: the vendor.' })),
  applications: Type.Optional(
    Type.Array(CreateApplication, {
      maxItems: APPLICATIONS_MAX,
      description:
        'payment: invoices the payment applies to (at most the amount; the rest stays unapplied); bill_payment: bills, adding up to the amount.',
    }),
  ),
  method: Type.Optional(
    S.Literals(PAYMENT_METHODS, { description: 'payment, bill_payment (default other).' }),
  ),
  reference: Type.Optional(Type.String({ maxLength: 200 })),
});

export const BankTransactionCreated = S.Named('BankTransactionCreated', {
  bank_transaction: S.ref(BankTransaction),
  kind: S.Literals(CREATE_KINDS),
  journal_entry: Type.String({
    format: 'uuid',
    description: 'The posted entry; its bank line is matched.',
  }),
  entry_number: Type.String(),
  document: S.OrNull(Type.String({ format: 'uuid', description: 'The payment received or bill payment.' })),
  document_number: S.OrNull(Type.String()),
});

export const BankTransactionAcceptSuggestions = S.Named('BankTransactionAcceptSuggestions', {
  ids: Type.Array(Type.String({ description: 'An unmatched bank transaction with a suggestion.' }), {
    minItems: 1,
    maxItems: ACCEPT_IDS_MAX,
  }),
});

export const BankTransactionAcceptResult = Type.Object(
  { results: Type.Array(S.ref(BankTransactionCreated), { description: 'In the order of `ids`.' }) },
  { $id: 'BankTransactionAcceptResult', title: 'BankTransactionAcceptResult' },
);

// ---- saved CSV mappings -----------------------------------------------------------------------------

export const BankStatementMapping = S.Named('BankStatementMapping', {
  id: S.IdOutput,
  name: Type.String(),
  date_column: Type.String(),
  amount_column: S.OrNull(Type.String()),
  debit_column: S.OrNull(Type.String()),
  credit_column: S.OrNull(Type.String()),
  description_column: S.OrNull(Type.String()),
  payee_column: S.OrNull(Type.String()),
  reference_column: S.OrNull(Type.String()),
  date_format: DateFormat,
  decimal_separator: DecimalSeparator,
  delimiter: S.OrNull(Delimiter),
  ...S.RecordStamps,
});

export const PageBankStatementMapping = S.Page(S.ref(BankStatementMapping), 'BankStatementMapping');
export const BankStatementMappingListQuery = Type.Object({ ...S.CursorQuery });

const OptionalColumn = Type.Optional(S.OrNull(Column));
const MappingFields = {
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  date_column: Column,
  amount_column: OptionalColumn,
  debit_column: OptionalColumn,
  credit_column: OptionalColumn,
  description_column: OptionalColumn,
  payee_column: OptionalColumn,
  reference_column: OptionalColumn,
  date_format: DateFormat,
  decimal_separator: Type.Optional(DecimalSeparator),
  delimiter: Type.Optional(S.OrNull(Delimiter)),
};

export const BankStatementMappingCreate = Type.Object(MappingFields, {
  $id: 'BankStatementMappingCreate',
  title: 'BankStatementMappingCreate',
});

export const BankStatementMappingUpdate = S.Named('BankStatementMappingUpdate', {
  ...MappingFields,
  name: Type.Optional(MappingFields.name),
  date_column: Type.Optional(Column),
  date_format: Type.Optional(DateFormat),
  ...S.VersionRead,
});

export const BANKING_COMPONENTS = [
  BankStatement,
  PageBankStatement,
  BankSuggestion,
  BankTransaction,
  PageBankTransaction,
  BankTransactionPush,
  BankTransactionPushResult,
  BankTransactionMatch,
  BankTransactionSuggestions,
  BankTransactionCreate,
  BankTransactionCreated,
  BankTransactionAcceptSuggestions,
  BankTransactionAcceptResult,
  BankStatementMapping,
  PageBankStatementMapping,
  BankStatementMappingCreate,
  BankStatementMappingUpdate,
];
