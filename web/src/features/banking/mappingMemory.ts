// Which saved CSV mapping a bank account uses. The API keeps mappings per books, not per account
// (D71), so the app remembers the link in this browser (localStorage, per books and account); on
// another browser the saved mapping whose name holds the account's name is offered first instead.
import type { BankStatementMapping } from '../../api/queries/banking.ts';

const key = (organizationId: string, accountId: string) =>
  `folio.bank-mapping.${organizationId}.${accountId}`;

export function rememberedMapping(organizationId: string, accountId: string): string | null {
  try {
    return window.localStorage.getItem(key(organizationId, accountId));
  } catch {
    return null;
  }
}

export function rememberMapping(organizationId: string, accountId: string, mappingId: string) {
  try {
    window.localStorage.setItem(key(organizationId, accountId), mappingId);
  } catch {
    // Storage refused (private mode, quota): the person picks the mapping again next time.
  }
}

/** The mapping this account used here before, else one named after the account, else none. */
export function mappingFor(
  mappings: BankStatementMapping[],
  organizationId: string,
  account: { id: string; name: string },
): BankStatementMapping | null {
  const remembered = rememberedMapping(organizationId, account.id);
  const byId = mappings.find((mapping) => mapping.id === remembered);
  if (byId) return byId;
  const name = account.name.toLowerCase();
  return mappings.find((mapping) => mapping.name.toLowerCase().includes(name)) ?? null;
}
