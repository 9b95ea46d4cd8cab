// D19: the chart of accounts seeded into every new organization, live and sandbox.

export type AccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
export const ACCOUNT_TYPES: AccountType[] = ['asset', 'liability', 'equity', 'income', 'expense'];

export interface SeedAccount {
  number: string;
  name: string;
  type: AccountType;
  detailType: string;
}

export const SEEDED_CHART: SeedAccount[] = [
  { number: '1000', name: 'Business Checking', type: 'asset', detailType: 'bank' },
  { number: '1010', name: 'Undeposited Funds', type: 'asset', detailType: 'undeposited_funds' },
  { number: '1050', name: 'Savings', type: 'asset', detailType: 'bank' },
  { number: '1100', name: 'Accounts Receivable', type: 'asset', detailType: 'accounts_receivable' },
  { number: '1200', name: 'Inventory', type: 'asset', detailType: 'inventory' },
  { number: '1300', name: 'Prepaid Expenses', type: 'asset', detailType: 'prepaid_expenses' },
  { number: '1500', name: 'Equipment', type: 'asset', detailType: 'fixed_asset' },
  { number: '1510', name: 'Accumulated Depreciation', type: 'asset', detailType: 'accumulated_depreciation' },
  { number: '2000', name: 'Accounts Payable', type: 'liability', detailType: 'accounts_payable' },
  { number: '2100', name: 'Credit Card', type: 'liability', detailType: 'credit_card' },
  { number: '2200', name: 'Sales Tax Payable', type: 'liability', detailType: 'sales_tax_payable' },
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
  { number: '3200', name: 'Retained Earnings', type: 'equity', detailType: 'retained_earnings' },
  { number: '4000', name: 'Sales', type: 'income', detailType: 'sales' },
  { number: '4100', name: 'Services', type: 'income', detailType: 'service_income' },
  { number: '4900', name: 'Other Income', type: 'income', detailType: 'other_income' },
  { number: '5000', name: 'Cost of Goods Sold', type: 'expense', detailType: 'cost_of_goods_sold' },
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

/** Accounts the service itself posts to; found by number within the organization. */
export const SYSTEM_ACCOUNT_NUMBERS = {
  bank: '1000',
  undepositedFunds: '1010',
  accountsReceivable: '1100',
  salesTaxPayable: '2200',
} as const;

/** Debit-normal types show a positive balance for debits; the others for credits. */
export function isDebitNormal(type: AccountType): boolean {
  return type === 'asset' || type === 'expense';
}
