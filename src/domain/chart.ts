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
 * (Xero refuses system accounts in manual journals). Accounts Payable joins when bills land.
 */
export const DOCUMENT_KEPT_ROLES: ReadonlySet<string> = new Set<SystemRole>(['accounts_receivable']);

export interface SeedAccount {
  number: string;
  name: string;
  type: AccountType;
  detailType: string;
  systemRole?: SystemRole;
}

export const SEEDED_CHART: SeedAccount[] = [
  { number: '1000', name: 'Business Checking', type: 'asset', detailType: 'bank', systemRole: 'bank' },
  {
    number: '1010',
    name: 'Undeposited Funds',
    type: 'asset',
    detailType: 'undeposited_funds',
    systemRole: 'undeposited_funds',
  },
  { number: '1050', name: 'Savings', type: 'asset', detailType: 'bank' },
  {
    number: '1100',
    name: 'Accounts Receivable',
    type: 'asset',
    detailType: 'accounts_receivable',
    systemRole: 'accounts_receivable',
  },
  { number: '1200', name: 'Inventory', type: 'asset', detailType: 'inventory', systemRole: 'inventory' },
  { number: '1300', name: 'Prepaid Expenses', type: 'asset', detailType: 'prepaid_expenses' },
  { number: '1500', name: 'Equipment', type: 'asset', detailType: 'fixed_asset' },
  { number: '1510', name: 'Accumulated Depreciation', type: 'asset', detailType: 'accumulated_depreciation' },
  {
    number: '2000',
    name: 'Accounts Payable',
    type: 'liability',
    detailType: 'accounts_payable',
    systemRole: 'accounts_payable',
  },
  { number: '2100', name: 'Credit Card', type: 'liability', detailType: 'credit_card' },
  {
    number: '2200',
    name: 'Sales Tax Payable',
    type: 'liability',
    detailType: 'sales_tax_payable',
    systemRole: 'sales_tax_payable',
  },
  {
    number: '2310',
    name: 'Federal Payroll Taxes Payable',
    type: 'liability',
    detailType: 'payroll_tax_payable',
  },
  {
    number: '2320',
    name: 'State & Local Payroll Taxes Payable',
    type: 'liability',
    detailType: 'payroll_tax_payable',
  },
  { number: '2340', name: 'Benefit Deductions Payable', type: 'liability', detailType: 'payroll_liability' },
  { number: '2500', name: 'Loans Payable', type: 'liability', detailType: 'long_term_liability' },
  { number: '3000', name: "Owner's Equity", type: 'equity', detailType: 'owners_equity' },
  { number: '3100', name: "Owner's Draw", type: 'equity', detailType: 'owners_draw' },
  {
    number: '3200',
    name: 'Retained Earnings',
    type: 'equity',
    detailType: 'retained_earnings',
    systemRole: 'retained_earnings',
  },
  { number: '4000', name: 'Sales', type: 'income', detailType: 'sales' },
  { number: '4100', name: 'Services', type: 'income', detailType: 'service_income' },
  { number: '4900', name: 'Other Income', type: 'income', detailType: 'other_income' },
  {
    number: '5000',
    name: 'Cost of Goods Sold',
    type: 'expense',
    detailType: 'cost_of_goods_sold',
    systemRole: 'cost_of_goods_sold',
  },
  { number: '6000', name: 'Advertising & Marketing', type: 'expense', detailType: 'advertising' },
  { number: '6100', name: 'Bank Fees', type: 'expense', detailType: 'bank_charges' },
  { number: '6200', name: 'Insurance', type: 'expense', detailType: 'insurance' },
  { number: '6300', name: 'Office Supplies', type: 'expense', detailType: 'office_expenses' },
  { number: '6400', name: 'Professional Fees', type: 'expense', detailType: 'legal_professional_fees' },
  { number: '6500', name: 'Rent', type: 'expense', detailType: 'rent_or_lease' },
  { number: '6550', name: 'Utilities', type: 'expense', detailType: 'utilities' },
  { number: '6600', name: 'Wages & Salaries', type: 'expense', detailType: 'payroll_expenses' },
  { number: '6610', name: 'Payroll Taxes (Employer)', type: 'expense', detailType: 'payroll_tax_expenses' },
  { number: '6620', name: 'Employee Benefits', type: 'expense', detailType: 'payroll_benefits' },
  { number: '6700', name: 'Travel', type: 'expense', detailType: 'travel' },
  { number: '6800', name: 'Depreciation', type: 'expense', detailType: 'depreciation' },
];

/** Debit-normal types show a positive balance for debits; the others for credits. */
export function isDebitNormal(type: AccountType): boolean {
  return type === 'asset' || type === 'expense';
}
