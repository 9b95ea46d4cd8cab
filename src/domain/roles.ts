// D13-D15: the one role x permission matrix. Every route names the permission it needs.

export const ROLES = ['owner', 'admin', 'accountant', 'sales', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const API_KEY_ROLES = ['accountant', 'sales', 'viewer'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

export const PERMISSIONS = [
  'accounts:read',
  'accounts:write',
  'journal:read',
  'journal:write',
  'customers:read',
  'customers:write',
  'invoices:read',
  'invoices:write',
  'payments:read',
  'payments:write',
  'tax:read',
  'tax:write',
  'tracking:read',
  'tracking:write',
  'reports:read',
  'reports:ar_aging',
  'changes:read',
  'organization:read',
  'organization:write',
  'periods:manage',
  'members:read',
  'members:manage',
  'api_keys:manage',
  'bank_connections:write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const SALES: Permission[] = [
  'accounts:read',
  'customers:read',
  'customers:write',
  'invoices:read',
  'invoices:write',
  'payments:read',
  'payments:write',
  'tax:read',
  'tracking:read',
  'reports:ar_aging',
  'changes:read',
  'organization:read',
];

const VIEWER: Permission[] = [
  'accounts:read',
  'journal:read',
  'customers:read',
  'invoices:read',
  'payments:read',
  'tax:read',
  'tracking:read',
  'reports:read',
  'reports:ar_aging',
  'changes:read',
  'organization:read',
  'members:read',
];

const ACCOUNTANT: Permission[] = [
  ...VIEWER,
  'accounts:write',
  'journal:write',
  'customers:write',
  'invoices:write',
  'payments:write',
  'tax:write',
  'tracking:write',
  'bank_connections:write',
];

const ADMIN: Permission[] = [
  ...ACCOUNTANT,
  'organization:write',
  'periods:manage',
  'members:manage',
  'api_keys:manage',
];

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set(ADMIN),
  accountant: new Set(ACCOUNTANT),
  sales: new Set(SALES),
  viewer: new Set(VIEWER),
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
export const ENTITY_READ_PERMISSION: Record<string, Permission> = {
  account: 'accounts:read',
  customer: 'customers:read',
  ar_invoice: 'invoices:read',
  payment_received: 'payments:read',
  journal_entry: 'journal:read',
  tax_rate: 'tax:read',
  tax_group: 'tax:read',
  tracking_category: 'tracking:read',
  tracking_option: 'tracking:read',
};
export const ENTITY_TYPES = Object.keys(ENTITY_READ_PERMISSION);

const RANK: Record<Role, number> = { owner: 4, admin: 3, accountant: 2, sales: 1, viewer: 1 };
export function roleRank(role: Role): number {
  return RANK[role];
}
