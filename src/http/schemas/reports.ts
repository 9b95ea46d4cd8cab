// Ledger reports (D40) and receivables aging (D57).
import { Type } from '@sinclair/typebox';
import { AGING_BUCKETS, AGING_COLUMNS, DEPRECATED_BUCKETS } from '../../app/reports/ar-aging.ts';
import { COMPARE_PERIODS_MAX, COMPARE_UNITS } from '../../domain/report-periods.ts';
import { Literals, MoneyOutput, Named, OrNull } from './common.ts';

const SectionAccounts = Type.Array(
  Type.Object({
    account: Type.String(),
    account_number: Type.String(),
    account_name: Type.String(),
    amount: MoneyOutput('In the newest column (the period or date asked for).'),
    amounts: Type.Array(MoneyOutput(), {
      description: 'One per column, oldest first (D93); a single one without compare.',
    }),
  }),
);
const Section = Type.Object({ accounts: SectionAccounts, total: MoneyOutput() });
const SectionOf = (description: string) =>
  Type.Object({ accounts: SectionAccounts, total: MoneyOutput() }, { description });
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

const Compare = Type.Optional(
  Literals(COMPARE_UNITS, {
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
  compare: OrNull(Literals(COMPARE_UNITS)),
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

export const TrialBalance = Named('TrialBalance', {
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
});

export const ProfitAndLoss = Named('ProfitAndLoss', {
  from: Type.String(),
  to: Type.String(),
  tracking_option: OrNull(Type.String()),
  ...CompareEcho,
  currency: Type.String(),
  generated_at: GeneratedAt,
  income: Section,
  cost_of_goods_sold: SectionOf('Expense accounts of detail type cost_of_goods_sold (D93).'),
  gross_profit: MoneyOutput('Income less cost of goods sold.'),
  operating_expenses: SectionOf('Expense accounts other than cost of goods sold.'),
  expenses: SectionOf('Every expense account, cost of goods sold included (as before D93).'),
  net_income: MoneyOutput(),
  columns: Type.Array(
    Type.Object({
      from: Type.String(),
      to: Type.String(),
      income: MoneyOutput(),
      cost_of_goods_sold: MoneyOutput(),
      gross_profit: MoneyOutput(),
      operating_expenses: MoneyOutput(),
      expenses: MoneyOutput(),
      net_income: MoneyOutput(),
    }),
    { description: "Each column's range and totals, oldest first; the last is from..to (D93)." },
  ),
});

export const BalanceSheet = Named('BalanceSheet', {
  as_of: Type.String(),
  ...CompareEcho,
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
  columns: Type.Array(
    Type.Object({
      as_of: Type.String(),
      assets: MoneyOutput(),
      liabilities: MoneyOutput(),
      current_earnings: MoneyOutput(),
      equity: MoneyOutput('Equity accounts plus current earnings.'),
      total_liabilities_and_equity: MoneyOutput(),
      in_balance: Type.Boolean(),
    }),
    { description: "Each column's date and totals, oldest first; the last is as_of (D93)." },
  ),
});

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

export const ArAging = Named('ArAging', {
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
  ...(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, MoneyOutput()])) as Record<
    (typeof AGING_BUCKETS)[number],
    ReturnType<typeof MoneyOutput>
  >),
  unapplied: MoneyOutput(
    'Remaining credit of issued vendor credits not yet applied to a bill (D87): negative.',
  ),
  total: MoneyOutput('The sum of the buckets and unapplied.'),
};

export const ApAging = Named('ApAging', {
  as_of: Type.String(),
  currency: Type.String(),
  generated_at: GeneratedAt,
  vendors: Type.Array(Type.Object({ vendor: Type.String(), vendor_name: Type.String(), ...ApAgingAmounts })),
  totals: Type.Object(ApAgingAmounts, {
    description: 'Per bucket; total equals the Accounts Payable balance at the end of as_of.',
  }),
});

/** A general ledger's line (one account's, every account's: app/reports/ledger-cursor.ts) and its running `balance`. */
const ledgerLineFields = (balance: ReturnType<typeof MoneyOutput>) => ({
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
  balance,
});

export const GeneralLedger = Named('GeneralLedger', {
  account: Type.String(),
  account_number: Type.String(),
  account_name: Type.String(),
  from: Type.String(),
  to: Type.String(),
  tracking_option: OrNull(Type.String()),
  currency: Type.String(),
  generated_at: GeneratedAt,
  opening_balance: MoneyOutput("The balance before this page's first line."),
  lines: Type.Array(Type.Object(ledgerLineFields(MoneyOutput()))),
  closing_balance: MoneyOutput("The balance after this page's last line."),
  next: OrNull(Type.String({ format: 'uri' })),
  previous: OrNull(Type.String({ format: 'uri' })),
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

export const GeneralLedgerAllAccounts = Named('GeneralLedgerAllAccounts', {
  from: Type.String(),
  to: Type.String(),
  currency: Type.String(),
  generated_at: GeneratedAt,
  accounts: Type.Array(
    Type.Object({
      ...LedgerAccount,
      opening_balance: MoneyOutput("The account's balance before its first line on this page."),
      closing_balance: MoneyOutput("The account's balance after its last line on this page."),
    }),
    { description: 'The accounts this page shows lines of, in the order of the lines.' },
  ),
  lines: Type.Array(
    Type.Object({
      ...LedgerAccount,
      ...ledgerLineFields(MoneyOutput("The running balance of the line's account.")),
    }),
  ),
  next: OrNull(Type.String({ format: 'uri' })),
  previous: OrNull(Type.String({ format: 'uri' })),
});

export const InventoryValuation = Named('InventoryValuation', {
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
});

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

export const BankReconciliationReport = Named('BankReconciliationReport', {
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
  last_reconciled_date: OrNull(Type.String({ description: 'The latest reconciliation on or before as_of.' })),
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
});

export const DateRangeQuery = Type.Object({ from: DateQuery, to: DateQuery, format: Format });

const TaxFigures = {
  taxable_sales: MoneyOutput('Invoice lines taxed at the rate, less credit-note lines (before tax).'),
  tax_collected: MoneyOutput('The tax of those lines.'),
  taxable_purchases: MoneyOutput('Bill lines taxed at the rate (before tax).'),
  tax_paid: MoneyOutput('The tax of those lines.'),
  net: MoneyOutput('tax_collected - tax_paid.'),
};

export const TaxSummary = Named('TaxSummary', {
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
      movement: MoneyOutput('Credits less debits over the period.'),
    }),
    { description: 'The accounts tax rates post to.' },
  ),
  tax_accounts_movement: MoneyOutput('The tax accounts’ movement over the period (credits less debits).'),
  other_movement: MoneyOutput(
    'tax_accounts_movement - totals.net: what moved the tax accounts other than invoices, credit notes and bills (manual entries, paying the tax). Zero when only documents did.',
  ),
});
