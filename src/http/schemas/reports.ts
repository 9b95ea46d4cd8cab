// Ledger reports (D40) and receivables aging (D57).
import { Type } from '@sinclair/typebox';
import { AGING_BUCKETS, AGING_COLUMNS, DEPRECATED_BUCKETS } from '../../app/reports/ar-aging.ts';
import { COMPARE_PERIODS_MAX, COMPARE_UNITS } from '../../domain/report-periods.ts';
import * as S from './common.ts';

const SectionAccounts = Type.Array(
  Type.Object({
    account: Type.String(),
    account_number: Type.String(),
    account_name: Type.String(),
    amount: S.MoneyOutput('In the newest column (the period or date asked for).'),
    amounts: Type.Array(S.MoneyOutput(), {
      description: 'One per column, oldest first (D93); a single one without compare.',
    }),
  }),
);
const Section = Type.Object({ accounts: SectionAccounts, total: S.MoneyOutput() });
const SectionOf = (description: string) =>
  Type.Object({ accounts: SectionAccounts, total: S.MoneyOutput() }, { description });
const DateQuery = Type.Optional(Type.String({ format: 'date' }));
const Format = Type.Optional(
  S.Literals(['json', 'csv'], {
    description:
      'csv answers the same figures as RFC 4180 CSV (as does Accept: text/csv); json is the default.',
  }),
);
const TrackingOptionQuery = Type.Optional(
  Type.String({ description: 'A tracking option id: only lines carrying it count.' }),
);
const GeneratedAt = Type.String({ format: 'date-time', description: 'When the report was generated (UTC).' });

const Compare = Type.Optional(
  S.Literals(COMPARE_UNITS, {
    description:
      'Comparison columns (D93): the period asked for and the ones before it, each a month, quarter or year earlier. Needs periods.',
  }),
);
const Periods = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: COMPARE_PERIODS_MAX,
    description: 'How many columns with compare, the asked-for one included (1 to 12).',
  }),
);
const CompareEcho = {
  compare: S.OrNull(S.Literals(COMPARE_UNITS)),
  periods: Type.Integer({ description: 'How many columns (1 without compare).' }),
};

export const AsOfQuery = Type.Object({ as_of: DateQuery, format: Format });
export const BalanceSheetQuery = Type.Object({
  as_of: DateQuery,
  compare: Compare,
  periods: Periods,
  format: Format,
});
export const ProfitAndLossQuery = Type.Object({
  from: DateQuery,
  to: DateQuery,
  tracking_option: TrackingOptionQuery,
  compare: Compare,
  periods: Periods,
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

export const TrialBalance = S.Named('TrialBalance', {
  as_of: Type.String(),
  currency: Type.String(),
  generated_at: GeneratedAt,
  lines: Type.Array(
    Type.Object({
      account: Type.String(),
      account_number: Type.String(),
      account_name: Type.String(),
      account_type: Type.String(),
      debit: S.MoneyOutput(),
      credit: S.MoneyOutput(),
    }),
  ),
  total_debit: S.MoneyOutput(),
  total_credit: S.MoneyOutput(),
  in_balance: Type.Boolean(),
});

export const ProfitAndLoss = S.Named('ProfitAndLoss', {
  from: Type.String(),
  to: Type.String(),
  tracking_option: S.OrNull(Type.String()),
  ...CompareEcho,
  currency: Type.String(),
  generated_at: GeneratedAt,
  income: Section,
  cost_of_goods_sold: SectionOf('Expense accounts of detail type cost_of_goods_sold (D93).'),
  gross_profit: S.MoneyOutput('Income less cost of goods sold.'),
  operating_expenses: SectionOf('Expense accounts other than cost of goods sold.'),
  expenses: SectionOf('Every expense account, cost of goods sold included (as before D93).'),
  net_income: S.MoneyOutput(),
  columns: Type.Array(
    Type.Object({
      from: Type.String(),
      to: Type.String(),
      income: S.MoneyOutput(),
      cost_of_goods_sold: S.MoneyOutput(),
      gross_profit: S.MoneyOutput(),
      operating_expenses: S.MoneyOutput(),
      expenses: S.MoneyOutput(),
      net_income: S.MoneyOutput(),
    }),
    { description: "Each column's range and totals, oldest first; the last is from..to (D93)." },
  ),
});

export const BalanceSheet = S.Named('BalanceSheet', {
  as_of: Type.String(),
  ...CompareEcho,
  currency: Type.String(),
  generated_at: GeneratedAt,
  assets: Section,
  liabilities: Section,
  equity: Type.Object({
    accounts: SectionAccounts,
    current_earnings: S.MoneyOutput(),
    total: S.MoneyOutput(),
  }),
  total_liabilities_and_equity: S.MoneyOutput(),
  in_balance: Type.Boolean(),
  columns: Type.Array(
    Type.Object({
      as_of: Type.String(),
      assets: S.MoneyOutput(),
      liabilities: S.MoneyOutput(),
      current_earnings: S.MoneyOutput(),
      equity: S.MoneyOutput('Equity accounts plus current earnings.'),
      total_liabilities_and_equity: S.MoneyOutput(),
      in_balance: Type.Boolean(),
    }),
    { description: "Each column's date and totals, oldest first; the last is as_of (D93)." },
  ),
});

const AgingAmounts = {
  ...(Object.fromEntries(AGING_COLUMNS.map((column) => [column, S.MoneyOutput()])) as Record<
    (typeof AGING_COLUMNS)[number],
    ReturnType<typeof S.MoneyOutput>
  >),
  total: S.MoneyOutput('The buckets plus unapplied (which is negative).'),
  ...(Object.fromEntries(
    Object.entries(DEPRECATED_BUCKETS).map(([old, bucket]) => [
      old,
      {
        ...S.MoneyOutput(`Deprecated: the same as ${bucket} (removed no earlier than 2027-05-24).`),
        deprecated: true,
      },
    ]),
  ) as unknown as Record<keyof typeof DEPRECATED_BUCKETS, ReturnType<typeof S.MoneyOutput>>),
};

export const ArAging = S.Named('ArAging', {
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
});

const ApAgingAmounts = {
  ...(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, S.MoneyOutput()])) as Record<
    (typeof AGING_BUCKETS)[number],
    ReturnType<typeof S.MoneyOutput>
  >),
  unapplied: S.MoneyOutput(
    'Remaining credit of issued vendor credits not yet applied to a bill (D87): negative.',
  ),
  total: S.MoneyOutput('The sum of the buckets and unapplied.'),
};

export const ApAging = S.Named('ApAging', {
  as_of: Type.String(),
  currency: Type.String(),
  generated_at: GeneratedAt,
  vendors: Type.Array(Type.Object({ vendor: Type.String(), vendor_name: Type.String(), ...ApAgingAmounts })),
  totals: Type.Object(ApAgingAmounts, {
    description: 'Per bucket; total equals the Accounts Payable balance at the end of as_of.',
  }),
});

/** A general ledger's line (one account's, every account's: app/reports/ledger-cursor.ts) and its running `balance`. */
const ledgerLineFields = (balance: ReturnType<typeof S.MoneyOutput>) => ({
  journal_entry: Type.String(),
  entry_number: Type.String(),
  line_no: Type.Integer(),
  txn_date: Type.String(),
  memo: Type.String(),
  source_type: Type.String(),
  source_id: S.OrNull(Type.String()),
  description: Type.String(),
  debit: S.MoneyOutput(),
  credit: S.MoneyOutput(),
  balance,
});

export const GeneralLedger = S.Named('GeneralLedger', {
  account: Type.String(),
  account_number: Type.String(),
  account_name: Type.String(),
  from: Type.String(),
  to: Type.String(),
  tracking_option: S.OrNull(Type.String()),
  currency: Type.String(),
  generated_at: GeneratedAt,
  opening_balance: S.MoneyOutput("The balance before this page's first line."),
  lines: Type.Array(Type.Object(ledgerLineFields(S.MoneyOutput()))),
  closing_balance: S.MoneyOutput("The balance after this page's last line."),
  next: S.OrNull(Type.String({ format: 'uri' })),
  previous: S.OrNull(Type.String({ format: 'uri' })),
});

export const GeneralLedgerAllAccountsQuery = Type.Object({
  from: DateQuery,
  to: DateQuery,
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from a `next` or `previous` URL.' })),
});

const LedgerAccount = {
  account: Type.String(),
  account_number: Type.String(),
  account_name: Type.String(),
  account_type: Type.String(),
};

export const GeneralLedgerAllAccounts = S.Named('GeneralLedgerAllAccounts', {
  from: Type.String(),
  to: Type.String(),
  currency: Type.String(),
  generated_at: GeneratedAt,
  accounts: Type.Array(
    Type.Object({
      ...LedgerAccount,
      opening_balance: S.MoneyOutput("The account's balance before its first line on this page."),
      closing_balance: S.MoneyOutput("The account's balance after its last line on this page."),
    }),
    { description: 'The accounts this page shows lines of, in the order of the lines.' },
  ),
  lines: Type.Array(
    Type.Object({
      ...LedgerAccount,
      ...ledgerLineFields(S.MoneyOutput("The running balance of the line's account.")),
    }),
  ),
  next: S.OrNull(Type.String({ format: 'uri' })),
  previous: S.OrNull(Type.String({ format: 'uri' })),
});

export const InventoryValuation = S.Named('InventoryValuation', {
  as_of: Type.String(),
  currency: Type.String(),
  generated_at: GeneratedAt,
  items: Type.Array(
    Type.Object({
      item: Type.String({ format: 'uuid' }),
      sku: S.OrNull(Type.String()),
      name: Type.String(),
      quantity: S.MoneyOutput(),
      value: S.MoneyOutput(),
      average_cost: S.MoneyOutput(),
    }),
  ),
  total_value: S.MoneyOutput('The sum of the items’ values.'),
  inventory_asset_accounts_balance: S.MoneyOutput(
    'The balance of the items’ inventory asset accounts on as_of: equal to total_value while only stock documents post to them (D50).',
  ),
});

// ---- bank reconciliation (D76) -------------------------------------------------------------------

export const BankReconciliationReportQuery = Type.Object({
  account: Type.String({ description: 'The bank account (D70).' }),
  as_of: DateQuery,
  format: Format,
});

const ListedCounts = {
  count: Type.Integer({ minimum: 0, description: 'All of them, however many are listed.' }),
  total: S.MoneyOutput('The sum of all of them.'),
  truncated: Type.Boolean({ description: 'True when more exist than `results` lists (at most 500).' }),
};

export const BankReconciliationReport = S.Named('BankReconciliationReport', {
  account: Type.String(),
  account_number: Type.String(),
  account_name: Type.String(),
  as_of: Type.String(),
  currency: Type.String(),
  generated_at: GeneratedAt,
  statement_balance: S.OrNull(
    S.MoneyOutput('The latest imported closing balance dated (statement period end) on or before as_of.'),
  ),
  statement_date: S.OrNull(Type.String({ description: 'The period end of that statement.' })),
  statement: S.OrNull(Type.String({ description: 'The statement import that gave it.' })),
  ledger_balance: S.MoneyOutput('Posted lines on the account dated on or before as_of (debit positive).'),
  feed_start: S.OrNull(Type.String({ description: 'The date of the account’s first bank transaction.' })),
  opening_balance: S.OrNull(
    S.MoneyOutput(
      'Posted lines dated before feed_start, less those matched to a bank transaction (null with no bank transaction on or before as_of).',
    ),
  ),
  cleared_balance: S.OrNull(
    S.MoneyOutput(
      'opening_balance plus the lines matched to bank transactions dated on or before as_of: what POST /bank-reconciliations would count on as_of.',
    ),
  ),
  difference: S.OrNull(S.MoneyOutput('statement_balance minus cleared_balance; null when either is.')),
  last_reconciled_date: S.OrNull(
    Type.String({ description: 'The latest reconciliation on or before as_of.' }),
  ),
  last_reconciliation: S.OrNull(Type.String()),
  unmatched_bank_transactions: Type.Object({
    ...ListedCounts,
    results: Type.Array(
      Type.Object({
        id: Type.String(),
        date: Type.String(),
        amount: S.MoneyOutput(),
        description: Type.String(),
        payee: S.OrNull(Type.String()),
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
        entry_number: S.OrNull(Type.String()),
        date: Type.String(),
        memo: Type.String(),
        description: Type.String(),
        source_type: Type.String(),
        amount: S.MoneyOutput('The line’s effect on the account (debit positive).'),
      }),
      {
        description:
          'Posted lines on the account dated from feed_start to as_of that no bank transaction matches, oldest first.',
      },
    ),
  }),
});

export const DateRangeQuery = Type.Object({ from: DateQuery, to: DateQuery, format: Format });

const TaxFigures = {
  taxable_sales: S.MoneyOutput('Invoice lines taxed at the rate, less credit-note lines (before tax).'),
  tax_collected: S.MoneyOutput('The tax of those lines.'),
  taxable_purchases: S.MoneyOutput('Bill lines taxed at the rate (before tax).'),
  tax_paid: S.MoneyOutput('The tax of those lines.'),
  net: S.MoneyOutput('tax_collected - tax_paid.'),
};

export const TaxSummary = S.Named('TaxSummary', {
  from: Type.String(),
  to: Type.String(),
  currency: Type.String(),
  generated_at: GeneratedAt,
  rates: Type.Array(
    Type.Object({
      tax_rate: Type.String({ format: 'uuid' }),
      name: Type.String(),
      rate: Type.String({ description: 'Percent, as on the tax rate.' }),
      account: Type.String({ format: 'uuid', description: 'The account the rate posts to.' }),
      account_number: Type.String(),
      ...TaxFigures,
    }),
    {
      description:
        'Every tax rate of the books, by name. Documents count on their entry’s date; a void counts negative on its own.',
    },
  ),
  totals: Type.Object(TaxFigures),
  tax_accounts: Type.Array(
    Type.Object({
      account: Type.String({ format: 'uuid' }),
      account_number: Type.String(),
      account_name: Type.String(),
      movement: S.MoneyOutput('Credits less debits over the period.'),
    }),
    { description: 'The accounts tax rates post to.' },
  ),
  tax_accounts_movement: S.MoneyOutput('The tax accounts’ movement over the period (credits less debits).'),
  other_movement: S.MoneyOutput(
    'tax_accounts_movement - totals.net: what moved the tax accounts other than invoices, credit notes and bills (manual entries, paying the tax). Zero when only documents did.',
  ),
});
