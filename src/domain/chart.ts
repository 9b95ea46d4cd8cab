// D19: the chart of accounts seeded into every new organization, live and sandbox.

export type AccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
export const ACCOUNT_TYPES: AccountType[] = ['asset', 'liability', 'equity', 'income', 'expense'];

/**
 * Detail types allowed under each account type (D19). `other_<type>` is the default when a client
 * sends none. A detail type belongs to exactly one type.
 */
export const DETAIL_TYPES: Record<AccountType, readonly string[]> = {
  asset: [
    'bank',
    'cash',
    'undeposited_funds',
    'accounts_receivable',
    'inventory',
    'prepaid_expenses',
    'fixed_asset',
    'accumulated_depreciation',
    'other_current_asset',
    'other_asset',
  ],
  liability: [
    'accounts_payable',
    'credit_card',
    'sales_tax_payable',
    'payroll_tax_payable',
    'payroll_liability',
    'long_term_liability',
    'other_current_liability',
    'other_liability',
  ],
  equity: ['owners_equity', 'owners_draw', 'retained_earnings', 'opening_balance_equity', 'other_equity'],
  income: ['sales', 'service_income', 'interest_income', 'discounts_given', 'other_income'],
  expense: [
    'cost_of_goods_sold',
    'advertising',
    'bank_charges',
    'insurance',
    'office_expenses',
    'legal_professional_fees',
    'rent_or_lease',
    'utilities',
    'payroll_expenses',
    'payroll_tax_expenses',
    'payroll_benefits',
    'travel',
    'meals_entertainment',
    'repairs_maintenance',
    'taxes_licenses',
    'interest_expense',
    'depreciation',
    'other_expense',
  ],
};

export function defaultDetailType(type: AccountType): string {
  return `other_${type}`;
}

export function isAllowedDetailType(type: AccountType, detailType: string): boolean {
  return DETAIL_TYPES[type].includes(detailType);
}

/** D64: the accounts money received (or paid) may move through. */
export const CASH_DETAIL_TYPES: readonly string[] = ['bank', 'cash', 'undeposited_funds', 'credit_card'];

export function isCashAccount(type: AccountType, detailType: string): boolean {
  return CASH_DETAIL_TYPES.includes(detailType) && isAllowedDetailType(type, detailType);
}

/**
 * D65: the accounts the service posts to by itself, found by this role (accounts.system_role), never
 * by number, so renumbering or renaming one keeps it the one posted to. Keys are the names code uses.
 */
export const SYSTEM_ROLES = {
  bank: 'bank',
  undepositedFunds: 'undeposited_funds',
  accountsReceivable: 'accounts_receivable',
  inventory: 'inventory',
  accountsPayable: 'accounts_payable',
  salesTaxPayable: 'sales_tax_payable',
  retainedEarnings: 'retained_earnings',
  costOfGoodsSold: 'cost_of_goods_sold',
} as const;
export type SystemAccount = keyof typeof SYSTEM_ROLES;
export type SystemRole = (typeof SYSTEM_ROLES)[SystemAccount];

/**
 * Control accounts whose balance is the sum of open documents (AR aging's total equals the
 * receivable's balance, D57 and D69): only documents post to them, never a manual journal line
 * (Xero refuses system accounts in manual journals). Accounts Payable likewise: AP aging's total
 * equals its balance (D56), so only bills and bill payments move it.
 */
export const DOCUMENT_KEPT_ROLES: ReadonlySet<string> = new Set<SystemRole>([
  'accounts_receivable',
  'accounts_payable',
]);

export interface SeedAccount {
  number: string;
  name: string;
  type: AccountType;
  detailType: string;
  systemRole?: SystemRole;
}

/** The seeded chart, one account a row: number, name, type, detail type. */
const SEED_ROWS: [string, string, AccountType, string][] = [
  ['1000', 'Business Checking', 'asset', 'bank'],
  ['1010', 'Undeposited Funds', 'asset', 'undeposited_funds'],
  ['1050', 'Savings', 'asset', 'bank'],
  ['1100', 'Accounts Receivable', 'asset', 'accounts_receivable'],
  ['1200', 'Inventory', 'asset', 'inventory'],
  ['1300', 'Prepaid Expenses', 'asset', 'prepaid_expenses'],
  ['1500', 'Equipment', 'asset', 'fixed_asset'],
  ['1510', 'Accumulated Depreciation', 'asset', 'accumulated_depreciation'],
  ['2000', 'Accounts Payable', 'liability', 'accounts_payable'],
  ['2100', 'Credit Card', 'liability', 'credit_card'],
  // Issue 21: expenses incurred and not yet billed (wages earned, utilities used) are accrued here.
  ['2150', 'Accrued Liabilities', 'liability', 'other_current_liability'],
  ['2200', 'Sales Tax Payable', 'liability', 'sales_tax_payable'],
  ['2310', 'Federal Payroll Taxes Payable', 'liability', 'payroll_tax_payable'],
  ['2320', 'State & Local Payroll Taxes Payable', 'liability', 'payroll_tax_payable'],
  ['2340', 'Benefit Deductions Payable', 'liability', 'payroll_liability'],
  ['2500', 'Loans Payable', 'liability', 'long_term_liability'],
  ['3000', "Owner's Equity", 'equity', 'owners_equity'],
  ['3100', "Owner's Draw", 'equity', 'owners_draw'],
  ['3200', 'Retained Earnings', 'equity', 'retained_earnings'],
  ['4000', 'Sales', 'income', 'sales'],
  ['4100', 'Services', 'income', 'service_income'],
  ['4900', 'Other Income', 'income', 'other_income'],
  ['5000', 'Cost of Goods Sold', 'expense', 'cost_of_goods_sold'],
  ['6000', 'Advertising & Marketing', 'expense', 'advertising'],
  ['6100', 'Bank Fees', 'expense', 'bank_charges'],
  ['6200', 'Insurance', 'expense', 'insurance'],
  ['6300', 'Office Supplies', 'expense', 'office_expenses'],
  ['6400', 'Professional Fees', 'expense', 'legal_professional_fees'],
  ['6500', 'Rent', 'expense', 'rent_or_lease'],
  ['6550', 'Utilities', 'expense', 'utilities'],
  ['6600', 'Wages & Salaries', 'expense', 'payroll_expenses'],
  ['6610', 'Payroll Taxes (Employer)', 'expense', 'payroll_tax_expenses'],
  ['6620', 'Employee Benefits', 'expense', 'payroll_benefits'],
  ['6700', 'Travel', 'expense', 'travel'],
  ['6800', 'Depreciation', 'expense', 'depreciation'],
];

const ROLE_NAMES: ReadonlySet<string> = new Set(Object.values(SYSTEM_ROLES));

/**
 * Each system role is held by the first seeded account of the detail type of the same name (1000
 * Business Checking is the bank, not 1050 Savings); migration 0004 relies on the same naming.
 */
export const SEEDED_CHART: SeedAccount[] = SEED_ROWS.map(([number, name, type, detailType], index) => {
  const holdsRole =
    ROLE_NAMES.has(detailType) && SEED_ROWS.findIndex((row) => row[3] === detailType) === index;
  return holdsRole
    ? { number, name, type, detailType, systemRole: detailType as SystemRole }
    : { number, name, type, detailType };
});

/** Debit-normal types show a positive balance for debits; the others for credits. */
export function isDebitNormal(type: AccountType): boolean {
  return type === 'asset' || type === 'expense';
}
