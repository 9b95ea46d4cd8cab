// What the app offers each role (D13). The API enforces the same rules; the app only hides buttons
// a role could not use, so a viewer sees no write buttons and sales sees no journal.
export type Role = 'owner' | 'admin' | 'accountant' | 'sales' | 'viewer';

const RANK: Record<string, number> = { viewer: 0, sales: 1, accountant: 2, admin: 3, owner: 4 };

export interface Abilities {
  /** Accounts, journal entries, tax rates, tracking. */
  writeBooks: boolean;
  /** Customers, invoices, payments received. */
  writeSales: boolean;
  readJournal: boolean;
  /** Every report; sales reads AR aging only. */
  readReports: boolean;
  /** Members, API keys, periods, organization settings. */
  administer: boolean;
  /** Vendors, bills, bill payments, inventory adjustments (D56): everyone but sales reads them. */
  readPurchases: boolean;
  /** Banking (D77): bank lines, statements, matching; everyone but sales reads them. */
  readBanking: boolean;
  /** Import, match, create from a line, rules, reconcile (D77 banking:write): accountant and up. */
  writeBanking: boolean;
}

export function abilitiesOf(role: string): Abilities {
  const rank = RANK[role] ?? 0;
  return {
    writeBooks: rank >= RANK.accountant!,
    writeSales: role !== 'viewer',
    readJournal: role !== 'sales',
    readReports: role !== 'sales',
    administer: rank >= RANK.admin!,
    readPurchases: role !== 'sales',
    readBanking: role !== 'sales',
    writeBanking: rank >= RANK.accountant!,
  };
}
