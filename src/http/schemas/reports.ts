// Ledger reports (D40) and receivables aging (D57).
import { Type } from '@sinclair/typebox';
import { AGING_BUCKETS, AGING_COLUMNS, DEPRECATED_BUCKETS } from '../../app/reports/ar-aging.ts';
import { Literals, MoneyOutput, OrNull } from './common.ts';

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
const Format = Type.Optional(
  Literals(['json', 'csv'], {
    description:
      'csv answers the same figures as RFC 4180 CSV (as does Accept: text/csv); json is the default.',
  }),
);
const TrackingOptionQuery = Type.Optional(
  Type.String({ description: 'A tracking option id: only lines carrying it count.' }),
);
const GeneratedAt = Type.String({ format: 'date-time', description: 'When the report was generated (UTC).' });

export const AsOfQuery = Type.Object({ as_of: DateQuery, format: Format });
export const ProfitAndLossQuery = Type.Object({
  from: DateQuery,
  to: DateQuery,
  tracking_option: TrackingOptionQuery,
  format: Format,
});
export const GeneralLedgerQuery = Type.Object({
  account: Type.String({ description: 'Account id.' }),
  from: DateQuery,
  to: DateQuery,
  tracking_option: TrackingOptionQuery,
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from a `next` or `previous` URL.' })),
  format: Format,
});

export const TrialBalance = Type.Object(
  {
    as_of: Type.String(),
    currency: Type.String(),
    generated_at: GeneratedAt,
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
    tracking_option: OrNull(Type.String()),
    currency: Type.String(),
    generated_at: GeneratedAt,
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
    generated_at: GeneratedAt,
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

const AgingAmounts = {
  ...(Object.fromEntries(AGING_COLUMNS.map((column) => [column, MoneyOutput()])) as Record<
    (typeof AGING_COLUMNS)[number],
    ReturnType<typeof MoneyOutput>
  >),
  total: MoneyOutput('The buckets plus unapplied (which is negative).'),
  ...(Object.fromEntries(
    Object.entries(DEPRECATED_BUCKETS).map(([old, bucket]) => [
      old,
      {
        ...MoneyOutput(`Deprecated: the same as ${bucket} (removed no earlier than 2027-05-24).`),
        deprecated: true,
      },
    ]),
  ) as unknown as Record<keyof typeof DEPRECATED_BUCKETS, ReturnType<typeof MoneyOutput>>),
};

export const ArAging = Type.Object(
  {
    as_of: Type.String(),
    currency: Type.String(),
    generated_at: GeneratedAt,
    customers: Type.Array(
      Type.Object({
        customer: Type.String(),
        customer_name: Type.String(),
        ...AgingAmounts,
      }),
    ),
    totals: Type.Object(AgingAmounts, {
      description: 'Per column; total equals the Accounts Receivable balance at the end of as_of.',
    }),
  },
  { $id: 'ArAging', title: 'ArAging' },
);

const ApAgingAmounts = {
  ...(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, MoneyOutput()])) as Record<
    (typeof AGING_BUCKETS)[number],
    ReturnType<typeof MoneyOutput>
  >),
  total: MoneyOutput('The sum of the buckets.'),
};

export const ApAging = Type.Object(
  {
    as_of: Type.String(),
    currency: Type.String(),
    generated_at: GeneratedAt,
    vendors: Type.Array(
      Type.Object({ vendor: Type.String(), vendor_name: Type.String(), ...ApAgingAmounts }),
    ),
    totals: Type.Object(ApAgingAmounts, {
      description: 'Per bucket; total equals the Accounts Payable balance at the end of as_of.',
    }),
  },
  { $id: 'ApAging', title: 'ApAging' },
);

export const GeneralLedger = Type.Object(
  {
    account: Type.String(),
    account_number: Type.String(),
    account_name: Type.String(),
    from: Type.String(),
    to: Type.String(),
    tracking_option: OrNull(Type.String()),
    currency: Type.String(),
    generated_at: GeneratedAt,
    opening_balance: MoneyOutput("The balance before this page's first line."),
    lines: Type.Array(
      Type.Object({
        journal_entry: Type.String(),
        entry_number: Type.String(),
        line_no: Type.Integer(),
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
    closing_balance: MoneyOutput("The balance after this page's last line."),
    next: OrNull(Type.String({ format: 'uri' })),
    previous: OrNull(Type.String({ format: 'uri' })),
  },
  { $id: 'GeneralLedger', title: 'GeneralLedger' },
);

export const InventoryValuation = Type.Object(
  {
    as_of: Type.String(),
    currency: Type.String(),
    generated_at: GeneratedAt,
    items: Type.Array(
      Type.Object({
        item: Type.String({ format: 'uuid' }),
        sku: OrNull(Type.String()),
        name: Type.String(),
        quantity: MoneyOutput(),
        value: MoneyOutput(),
        average_cost: MoneyOutput(),
      }),
    ),
    total_value: MoneyOutput('The sum of the items’ values.'),
    inventory_asset_accounts_balance: MoneyOutput(
      'The balance of the items’ inventory asset accounts on as_of: equal to total_value while only stock documents post to them (D50).',
    ),
  },
  { $id: 'InventoryValuation', title: 'InventoryValuation' },
);

// ---- bank reconciliation (D76) -------------------------------------------------------------------

export const BankReconciliationReportQuery = Type.Object({
  account: Type.String({ description: 'The bank account (D70).' }),
  as_of: DateQuery,
  format: Format,
});

const ListedCounts = {
  count: Type.Integer({ minimum: 0, description: 'All of them, however many are listed.' }),
  total: MoneyOutput('The sum of all of them.'),
  truncated: Type.Boolean({ description: 'True when more exist than `results` lists (at most 500).' }),
};

export const BankReconciliationReport = Type.Object(
  {
    account: Type.String(),
    account_number: Type.String(),
    account_name: Type.String(),
    as_of: Type.String(),
    currency: Type.String(),
    generated_at: GeneratedAt,
    statement_balance: OrNull(
      MoneyOutput('The latest imported closing balance dated (statement period end) on or before as_of.'),
    ),
    statement_date: OrNull(Type.String({ description: 'The period end of that statement.' })),
    statement: OrNull(Type.String({ description: 'The statement import that gave it.' })),
    ledger_balance: MoneyOutput('Posted lines on the account dated on or before as_of (debit positive).'),
    feed_start: OrNull(Type.String({ description: 'The date of the account’s first bank transaction.' })),
    opening_balance: OrNull(
      MoneyOutput(
        'Posted lines dated before feed_start, less those matched to a bank transaction (null with no bank transaction on or before as_of).',
      ),
    ),
    cleared_balance: OrNull(
      MoneyOutput(
        'opening_balance plus the lines matched to bank transactions dated on or before as_of: what POST /bank-reconciliations would count on as_of.',
      ),
    ),
    difference: OrNull(MoneyOutput('statement_balance minus cleared_balance; null when either is.')),
    last_reconciled_date: OrNull(
      Type.String({ description: 'The latest reconciliation on or before as_of.' }),
    ),
    last_reconciliation: OrNull(Type.String()),
    unmatched_bank_transactions: Type.Object({
      ...ListedCounts,
      results: Type.Array(
        Type.Object({
          id: Type.String(),
          date: Type.String(),
          amount: MoneyOutput(),
          description: Type.String(),
          payee: OrNull(Type.String()),
          bank_reference: Type.String(),
        }),
        { description: 'Unmatched (not excluded) bank transactions dated on or before as_of, oldest first.' },
      ),
    }),
    unmatched_ledger_lines: Type.Object({
      ...ListedCounts,
      results: Type.Array(
        Type.Object({
          journal_line: Type.String(),
          journal_entry: Type.String(),
          entry_number: OrNull(Type.String()),
          date: Type.String(),
          memo: Type.String(),
          description: Type.String(),
          source_type: Type.String(),
          amount: MoneyOutput('The line’s effect on the account (debit positive).'),
        }),
        {
          description:
            'Posted lines on the account dated from feed_start to as_of that no bank transaction matches, oldest first.',
        },
      ),
    }),
  },
  { $id: 'BankReconciliationReport', title: 'BankReconciliationReport' },
);
