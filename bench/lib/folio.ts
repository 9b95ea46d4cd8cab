// Set-up through Folio's own HTTP API: sign up, an API key, the chart of accounts.
import { randomUUID } from 'node:crypto';
import { JsonClient } from './http.ts';

export interface Account {
  id: string;
  number: string;
  name: string;
  type: string;
  /** D65: set on the accounts the service posts to by itself. */
  system_role: string | null;
}

export interface Books {
  organizationId: string;
  /** Requests authenticated with the API key (the published surface, as an integration uses it). */
  api: JsonClient;
  /** The shared connection pool; close it at the end. */
  connections: JsonClient;
  accounts: Account[];
}

/** Signs up a new owner (live books with the seeded chart) and creates an accountant API key. */
export async function signUpWithKey(baseUrl: string, clients: number): Promise<Books> {
  const connections = new JsonClient(baseUrl, {}, clients);
  const signup = await connections.post('/api/v1/auth/signup', {
    email: `bench-${randomUUID()}@example.test`,
    password: 'correct horse battery',
    name: 'Bench Owner',
    organization_name: 'Bench Books',
  });
  const session = connections.with({
    authorization: `Bearer ${signup.body.token}`,
    'x-organization-id': signup.body.organization.id,
  });
  const key = await session.post('/api/v1/api-keys', { name: 'bench', role: 'accountant' });
  const api = connections.with({ authorization: `Token ${key.body.key}` });
  return {
    organizationId: signup.body.organization.id,
    api,
    connections,
    accounts: await listAccounts(api),
  };
}

/** Every account, following the keyset `next` links. */
export async function listAccounts(api: JsonClient): Promise<Account[]> {
  const accounts: Account[] = [];
  let path: string | null = '/api/v1/accounts';
  while (path) {
    const page: { body: { results: Account[]; next: string | null } } = await api.get(path);
    accounts.push(...page.body.results);
    path = page.body.next ? new URL(page.body.next).pathname + new URL(page.body.next).search : null;
  }
  return accounts;
}

/** Adds accounts of `type` numbered from `firstNumber` until the chart holds `total` accounts. */
export async function growChart(books: Books, total: number, type: string, firstNumber: number) {
  for (let number = firstNumber; books.accounts.length < total; number++) {
    const created = await books.api.post('/api/v1/accounts', {
      number: String(number),
      name: `Bench ${type} ${number}`,
      type,
    });
    books.accounts.push(created.body);
  }
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
