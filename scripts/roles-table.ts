// Prints the role x permission matrix (D15) as the Markdown table in docs/roles.md.
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '../src/domain/roles.ts';

export function rolesTable(): string {
  const header = `| permission | ${ROLES.join(' | ')} |\n|---|${ROLES.map(() => '---').join('|')}|`;
  const rows = PERMISSIONS.map(
    (permission) =>
      `| \`${permission}\` | ${ROLES.map((role) => (ROLE_PERMISSIONS[role].has(permission) ? 'yes' : '')).join(' | ')} |`,
  );
  return [header, ...rows].join('\n');
}

if (process.argv[1]?.endsWith('roles-table.ts')) console.log(rolesTable());
