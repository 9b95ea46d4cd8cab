// The dashboard's key factory: its figures are read under 'dashboard', which every posting write
// makes stale (invalidate.ts), whatever report or list each figure comes from.
export const dashboardKeys = {
  all: ['dashboard'] as const,
  cash: () => ['dashboard', 'cash'] as const,
  arAging: (day: string) => ['dashboard', 'aging', day] as const,
  apAging: (day: string) => ['dashboard', 'ap-aging', day] as const,
  recentInvoices: () => ['dashboard', 'invoices'] as const,
  recentPayments: () => ['dashboard', 'payments'] as const,
  months: (day: string) => ['dashboard', 'months', day] as const,
};
