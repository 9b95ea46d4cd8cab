// D13-D15: the one role x permission matrix. Every route names the permission it needs.

export const ROLES = ['owner', 'admin', 'accountant', 'sales', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const API_KEY_ROLES = ['accountant', 'sales', 'viewer'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

const BOOKKEEPERS: readonly Role[] = ['owner', 'admin', 'accountant'];
/** Sales keeps receivables: it writes customers, invoices and payments. */
const SELLERS: readonly Role[] = [...BOOKKEEPERS, 'sales'];
/** Everyone but sales reads the whole books (journal, reports, members). */
const READERS: readonly Role[] = [...BOOKKEEPERS, 'viewer'];
const MANAGERS: readonly Role[] = ['owner', 'admin'];

/** The matrix, one permission a row: the roles that hold it. */
const MATRIX = {
  'accounts:read': ROLES,
  'accounts:write': BOOKKEEPERS,
  'journal:read': READERS,
  'journal:write': BOOKKEEPERS,
  'customers:read': ROLES,
  'customers:write': SELLERS,
  'invoices:read': ROLES,
  'invoices:write': SELLERS,
  'payments:read': ROLES,
  'payments:write': SELLERS,
  'credit_notes:read': ROLES,
  'credit_notes:write': SELLERS,
  // D56: sales reads items (to sell them); stock and its adjustments are the bookkeepers'.
  'items:read': ROLES,
  'items:write': BOOKKEEPERS,
  'inventory:read': READERS,
  'inventory:write': BOOKKEEPERS,
  // D56: payables (vendors, bills, bill payments) are the bookkeepers'; the viewer reads them.
  'payables:read': READERS,
  'payables:write': BOOKKEEPERS,
  'tax:read': ROLES,
  'tax:write': BOOKKEEPERS,
  'tracking:read': ROLES,
  'tracking:write': BOOKKEEPERS,
  'reports:read': READERS,
  'reports:ar_aging': ROLES,
  'changes:read': ROLES,
  'organization:read': ROLES,
  'organization:write': MANAGERS,
  'periods:manage': MANAGERS,
  'members:read': READERS,
  'members:manage': MANAGERS,
  'api_keys:manage': MANAGERS,
  // D77: banking (statements, bank transactions, matching, rules, reconciliations, connections) is
  // read by everyone but sales and written by accountants and above.
  'banking:read': READERS,
  'banking:write': BOOKKEEPERS,
} satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof MATRIX;
export const PERMISSIONS = Object.keys(MATRIX) as Permission[];

function permissionsOf(role: Role): ReadonlySet<Permission> {
  return new Set(PERMISSIONS.filter((permission) => (MATRIX[permission] as readonly Role[]).includes(role)));
}

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: permissionsOf('owner'),
  admin: permissionsOf('admin'),
  accountant: permissionsOf('accountant'),
  sales: permissionsOf('sales'),
  viewer: permissionsOf('viewer'),
};

/** D14: an API key acts with what both its own role and its creator's current role allow. */
export function effectivePermissions(roles: Role[]): ReadonlySet<Permission> {
  const [first, ...rest] = roles;
  if (!first) return new Set();
  const result = new Set(ROLE_PERMISSIONS[first]);
  for (const role of rest) {
    for (const permission of result) if (!ROLE_PERMISSIONS[role].has(permission)) result.delete(permission);
  }
  return result;
}

/** Which permission reads each change-feed entity type (D32: role filtering follows D13). */
export const ENTITY_READ_PERMISSION = {
  account: 'accounts:read',
  customer: 'customers:read',
  ar_invoice: 'invoices:read',
  payment_received: 'payments:read',
  credit_note: 'credit_notes:read',
  journal_entry: 'journal:read',
  tax_rate: 'tax:read',
  tax_group: 'tax:read',
  tracking_category: 'tracking:read',
  tracking_option: 'tracking:read',
  item: 'items:read',
  inventory_adjustment: 'inventory:read',
  vendor: 'payables:read',
  bill: 'payables:read',
  bill_payment: 'payables:read',
  vendor_credit: 'payables:read',
  // D88: deposits are kept like payments received.
  deposit: 'payments:read',
  bank_transaction: 'banking:read',
  bank_reconciliation: 'banking:read',
} as const satisfies Record<string, Permission>;
/** The kinds of record the change feed carries (D32): each has a read permission and a table. */
export type EntityType = keyof typeof ENTITY_READ_PERMISSION;
export const ENTITY_TYPES = Object.keys(ENTITY_READ_PERMISSION) as EntityType[];

const RANK: Record<Role, number> = { owner: 4, admin: 3, accountant: 2, sales: 1, viewer: 1 };
export function roleRank(role: Role): number {
  return RANK[role];
}
