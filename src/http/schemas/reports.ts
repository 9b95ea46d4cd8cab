// Ledger reports (D40) and receivables aging (D57).
import { Type } from '@sinclair/typebox';
import { AGING_BUCKETS } from '../../app/reports/ar-aging.ts';
import { MoneyOutput, OrNull } from './common.ts';

const SectionAccounts = Type.Array(
  Type.Object({
    account: Type.String(),
    account_number: Type.String(),
    account_name: Type.String(),
    amount: MoneyOutput(),
  }),
);
const Section = Type.Object({ accounts: SectionAccounts, total: MoneyOutput() });
const DateQuery = Type.Optional(Type.String({ format: 'date' }));

export const AsOfQuery = Type.Object({ as_of: DateQuery });
export const RangeQuery = Type.Object({ from: DateQuery, to: DateQuery });
export const GeneralLedgerQuery = Type.Object({
  account: Type.String({ description: 'Account id.' }),
  from: DateQuery,
  to: DateQuery,
});

export const TrialBalance = Type.Object(
  {
    as_of: Type.String(),
    currency: Type.String(),
    lines: Type.Array(
      Type.Object({
        account: Type.String(),
        account_number: Type.String(),
        account_name: Type.String(),
        account_type: Type.String(),
        debit: MoneyOutput(),
        credit: MoneyOutput(),
      }),
    ),
    total_debit: MoneyOutput(),
    total_credit: MoneyOutput(),
    in_balance: Type.Boolean(),
  },
  { $id: 'TrialBalance', title: 'TrialBalance' },
);

export const ProfitAndLoss = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    currency: Type.String(),
    income: Section,
    expenses: Section,
    net_income: MoneyOutput(),
  },
  { $id: 'ProfitAndLoss', title: 'ProfitAndLoss' },
);

export const BalanceSheet = Type.Object(
  {
    as_of: Type.String(),
    currency: Type.String(),
    assets: Section,
    liabilities: Section,
    equity: Type.Object({
      accounts: SectionAccounts,
      current_earnings: MoneyOutput(),
      total: MoneyOutput(),
    }),
    total_liabilities_and_equity: MoneyOutput(),
    in_balance: Type.Boolean(),
  },
  { $id: 'BalanceSheet', title: 'BalanceSheet' },
);

const Buckets = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, MoneyOutput()])) as Record<
  (typeof AGING_BUCKETS)[number],
  ReturnType<typeof MoneyOutput>
>;

export const ArAging = Type.Object(
  {
    as_of: Type.String(),
    currency: Type.String(),
    customers: Type.Array(
      Type.Object({
        customer: Type.String(),
        customer_name: Type.String(),
        ...Buckets,
        total: MoneyOutput(),
      }),
    ),
    totals: Type.Object({ ...Buckets, total: MoneyOutput() }),
  },
  { $id: 'ArAging', title: 'ArAging' },
);

export const GeneralLedger = Type.Object(
  {
    account: Type.String(),
    account_number: Type.String(),
    account_name: Type.String(),
    from: Type.String(),
    to: Type.String(),
    currency: Type.String(),
    opening_balance: MoneyOutput(),
    lines: Type.Array(
      Type.Object({
        journal_entry: Type.String(),
        entry_number: Type.String(),
        txn_date: Type.String(),
        memo: Type.String(),
        source_type: Type.String(),
        source_id: OrNull(Type.String()),
        description: Type.String(),
        debit: MoneyOutput(),
        credit: MoneyOutput(),
        balance: MoneyOutput(),
      }),
    ),
    closing_balance: MoneyOutput(),
  },
  { $id: 'GeneralLedger', title: 'GeneralLedger' },
);
