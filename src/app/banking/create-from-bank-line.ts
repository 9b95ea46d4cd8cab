// POST /bank-transactions/{id}/create and /bank-transactions/accept-suggestions (D74, D75): the
// document a bank line is made of, posted and matched to it in the request's one transaction.
//
// spend, receive and transfer post a journal entry of source type `bank_transaction` (its source id
// the bank transaction) between the bank account and the other account; payment and bill_payment
// record a payment received deposited to the bank account, or a bill payment paid from it, through
// their own use cases. Either way the entry's line on the bank account is then matched to the bank
// transaction. Order of locks: the bank transaction(s) first, in id order (as a match takes it),
// then what the document's use case locks (invoices or bills), then the JE counter (the posting);
// the new entry's lines are seen by no one else before commit.
import { randomUUID } from 'node:crypto';
import { assertKindFitsAmount, bankLinePostingLines, splitTaxInclusive } from '../../domain/bank-line.ts';
import { DomainError, fieldError, invalidState } from '../../domain/errors.ts';
import { assertBalanced, type JournalLine } from '../../domain/journal.ts';
import { currencyDecimals, formatMoney, type Money, parseMoney, sumMoney } from '../../domain/money.ts';
import type { BankTransactionRow } from '../../storage/stores/bank-transactions.ts';
import * as bank from '../../storage/stores/bank-transactions.ts';
import * as journal from '../../storage/stores/journal.ts';
import type { WriteScope } from '../changes.ts';
import { assertDocumentDate, lockDocument } from '../documents/documents.ts';
import { ENTITY as JOURNAL_ENTRY_ENTITY } from '../ledger/journal/entry-view.ts';
import { createBillPayment } from '../payables/bill-payments.ts';
import { createPayment, type PAYMENT_METHODS } from '../payments/payments-received.ts';
import { distinctIds } from '../request-ids.ts';
import { BANK_ACCOUNT } from './bank-accounts.ts';
import { rulesInOrder, suggestionOf } from './bank-rules.ts';
import {
  BANK_TRANSACTION_ENTITY,
  type BankTransactionView,
  describeTransactions,
} from './bank-transactions.ts';
import { type ActionPaths, actionCheck, type LineAction, PATHS } from './line-actions.ts';

export const ACCEPT_IDS_MAX = 1000;
export const CREATE_KINDS = ['spend', 'receive', 'transfer', 'payment', 'bill_payment'] as const;
/** Where a refusal of /create points: the body's fields, and the transaction's own date and account. */
const LINE_PATHS = { ...PATHS, kind: 'kind', date: 'date', bankAccount: 'id' };
export const BANK_ENTRY_SOURCE = 'bank_transaction';

type Method = (typeof PAYMENT_METHODS)[number];

/** What a bank line's payment names (D74): the contact it is from or to, and the documents it settles. */
const PAYMENT_SIDES = {
  payment: { counterparty: 'customer', document: 'invoice_id', atLeastOne: null },
  bill_payment: {
    counterparty: 'vendor',
    document: 'bill_id',
    atLeastOne: 'a bill payment pays at least one bill (its applications add up to the amount)',
  },
} as const;

/** A payment received or a bill payment made of a bank line, its counterparty and documents by id. */
interface PaymentLineCommand {
  kind: keyof typeof PAYMENT_SIDES;
  counterparty: string;
  applications: { documentId: string; amount: string }[];
  method?: Method;
  reference?: string;
  memo?: string;
}

export type CreateCommand = (LineAction & { kind: 'spend' | 'receive' | 'transfer' }) | PaymentLineCommand;

export interface CreatedFromLine {
  bank_transaction: BankTransactionView;
  kind: CreateCommand['kind'];
  journal_entry: string;
  entry_number: string;
  document: string | null;
  document_number: string | null;
}

/** The body of /create as sent: one object whose `kind` says which other fields it takes. */
export interface CreateRequest {
  kind: CreateCommand['kind'];
  account?: string;
  tax_rate?: string | null;
  tracking_options?: string[];
  memo?: string | null;
  customer?: string;
  vendor?: string;
  applications?: { invoice_id?: string; bill_id?: string; amount: string }[];
  method?: Method;
  reference?: string;
}

const FIELDS_OF: Record<CreateCommand['kind'], readonly (keyof CreateRequest)[]> = {
  spend: ['account', 'tax_rate', 'tracking_options', 'memo'],
  receive: ['account', 'tax_rate', 'tracking_options', 'memo'],
  transfer: ['account', 'memo'],
  payment: ['customer', 'applications', 'method', 'reference', 'memo'],
  bill_payment: ['vendor', 'applications', 'method', 'reference', 'memo'],
};

function required<T>(value: T | undefined, path: string): T {
  if (value === undefined || value === null) throw fieldError(path, `is required`);
  return value;
}

/** Which fields each kind takes (400 naming a field of another kind, or a missing one). */
export function parseCreateRequest(body: CreateRequest): CreateCommand {
  const allowed = FIELDS_OF[body.kind];
  for (const [field, value] of Object.entries(body)) {
    // Absent, null or empty says nothing, so a rule's suggestion is a body of /create as it is.
    if (field === 'kind' || value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (!allowed.includes(field as keyof CreateRequest)) {
      throw fieldError(field, `is not a field of kind ${body.kind} (it takes ${allowed.join(', ')})`);
    }
  }
  const applications = body.applications ?? [];
  if (body.kind === 'payment' || body.kind === 'bill_payment') {
    const side = PAYMENT_SIDES[body.kind];
    if (side.atLeastOne && applications.length === 0) throw fieldError('applications', side.atLeastOne);
    return {
      kind: body.kind,
      counterparty: required(body[side.counterparty], side.counterparty),
      applications: applications.map((application, index) => ({
        documentId: required(application[side.document], `applications/${index}/${side.document}`),
        amount: application.amount,
      })),
      method: body.method,
      reference: body.reference,
      memo: body.memo ?? undefined,
    };
  }
  return {
    kind: body.kind,
    account: required(body.account, 'account'),
    tax_rate: body.tax_rate ?? null,
    tracking_options: body.tracking_options ?? [],
    memo: body.memo ?? null,
  };
}

/** 409 unless the transaction is unmatched (matched includes reconciled; excluded is set aside). */
function assertUnmatched(row: BankTransactionRow, fields?: Record<string, string[]>): void {
  if (row.status === 'unmatched') return;
  const why =
    row.status === 'matched'
      ? row.reconciliation_id
        ? 'the bank transaction is reconciled'
        : 'the bank transaction is already matched; unmatch it first'
      : 'the bank transaction is excluded; include it first';
  throw invalidState(why, { status: row.status, ...(fields ? { fields } : {}) });
}

/** What a spend, receive or transfer will post for one bank line, checked. */
interface Planned {
  transaction: BankTransactionRow;
  kind: CreateCommand['kind'];
  memo: string;
  lines: JournalLine[];
  total: Money;
}

function describeLine(row: BankTransactionRow): string {
  return row.description || row.payee || row.bank_reference;
}

/** The entry of one spend, receive or transfer: accounts, tax and tracking checked, the tax split. */
function plan(
  scope: WriteScope,
  transaction: BankTransactionRow,
  action: LineAction,
  check: Awaited<ReturnType<typeof actionCheck>>,
  paths: ActionPaths & { kind: string; date: string; bankAccount: string },
): Planned {
  const organization = scope.actor.organization;
  const amount = parseMoney(transaction.amount);
  assertKindFitsAmount(action.kind, amount, paths.kind);
  check.checkAccount({ id: transaction.account_id, path: paths.bankAccount, rule: BANK_ACCOUNT });
  const checked = check.check(action, paths, transaction.account_id);
  assertDocumentDate(organization, transaction.date, paths.date);
  const magnitude = amount < 0n ? -amount : amount;
  const description = describeLine(transaction);
  const lines = bankLinePostingLines({
    kind: checked.kind,
    bankAccountId: transaction.account_id,
    amount,
    accountId: checked.accountId,
    tax: checked.tax
      ? {
          split: splitTaxInclusive(magnitude, checked.tax.percent, currencyDecimals(organization.currency)),
          accountId: checked.tax.accountId,
        }
      : undefined,
    description,
    trackingOptionIds: checked.trackingOptionIds,
  });
  const { totalDebit } = assertBalanced(lines);
  const label = { spend: 'Spent', receive: 'Received', transfer: 'Transfer' }[checked.kind];
  return {
    transaction,
    kind: checked.kind,
    memo: checked.memo ?? `${label}: ${description}`,
    lines,
    total: totalDebit,
  };
}

/**
 * Posts the planned entries in ONE statement (consecutive JE numbers, source type bank_transaction)
 * and matches each entry's lines on its transaction's bank account to it, in one more.
 */
async function postAndMatch(scope: WriteScope, planned: Planned[]) {
  const organization = scope.actor.organization;
  const rows = await journal.insertManualEntries(
    scope.tx,
    {
      organizationId: organization.id,
      currency: organization.currency,
      post: true,
      entries: planned.map((item) => ({
        id: randomUUID(),
        txnDate: item.transaction.date,
        memo: item.memo,
        total: item.total,
        lines: item.lines,
      })),
      source: { type: BANK_ENTRY_SOURCE, ids: planned.map((item) => item.transaction.id) },
    },
    planned.length > 1 ? 'ids' : 'amount',
  );
  for (const row of rows) {
    scope.postedOn(row.txn_date);
    scope.changed(JOURNAL_ENTRY_ENTITY, row.id, 'created', row.version);
  }
  await matchEntries(
    scope,
    planned.map((item, index) => ({ transaction: item.transaction, entryId: rows[index]!.id })),
  );
  return rows.map((row) => ({ id: row.id, entryNumber: row.entry_number ?? '' }));
}

/**
 * Matches each new entry's lines on its transaction's bank account to that transaction (D74), all
 * in one statement; the lines must move the account by exactly the transaction's amount.
 */
async function matchEntries(
  scope: WriteScope,
  pairs: { transaction: BankTransactionRow; entryId: string }[],
) {
  const organizationId = scope.actor.organization.id;
  const lines = await bank.entryLineEffects(
    scope.tx,
    organizationId,
    pairs.map((pair) => pair.entryId),
  );
  const matches = pairs.flatMap(({ transaction, entryId }) => {
    const onAccount = lines.filter(
      (line) => line.journal_entry_id === entryId && line.account_id === transaction.account_id,
    );
    const moved = sumMoney(onAccount.map((line) => parseMoney(line.effect)));
    if (moved !== parseMoney(transaction.amount)) {
      throw new Error(
        `entry ${entryId} moves ${formatMoney(moved)}, not bank transaction ${transaction.id}'s amount`,
      );
    }
    return onAccount.map((line) => ({
      transactionId: transaction.id,
      id: line.id,
      entryId,
      amount: formatMoney(parseMoney(line.effect)),
    }));
  });
  const versions = pairs.map(({ transaction }) => ({ id: transaction.id, version: transaction.version + 1 }));
  await bank.insertMatchesOfMany(scope.tx, organizationId, versions, matches);
  for (const { id, version } of versions) scope.changed(BANK_TRANSACTION_ENTITY, id, 'updated', version);
}

/** A payment received deposited to, or a bill payment paid from, the bank line's account. */
async function createPaymentDocument(
  scope: WriteScope,
  transaction: BankTransactionRow,
  command: PaymentLineCommand,
) {
  const amount = parseMoney(transaction.amount);
  assertKindFitsAmount(command.kind, amount, 'kind');
  const magnitude = formatMoney(amount < 0n ? -amount : amount);
  const common = {
    payment_date: transaction.date,
    amount: magnitude,
    method: command.method ?? 'other',
    reference: command.reference ?? '',
    memo: command.memo,
  };
  const document =
    command.kind === 'payment'
      ? await createPayment(scope, {
          ...common,
          customer: command.counterparty,
          deposit_to_account: transaction.account_id,
          applications: command.applications.map(({ documentId, amount }) => ({
            invoice_id: documentId,
            amount,
          })),
        })
      : await createBillPayment(scope, {
          ...common,
          vendor: command.counterparty,
          paid_from_account: transaction.account_id,
          applications: command.applications.map(({ documentId, amount }) => ({
            bill_id: documentId,
            amount,
          })),
        });
  const entryId = document.journal_entry;
  if (!entryId) throw new Error(`${command.kind} ${document.id} was recorded without its entry`);
  const entry = await journal.find(scope.tx, scope.actor.organization.id, entryId);
  await matchEntries(scope, [{ transaction, entryId }]);
  return {
    journal_entry: entryId,
    entry_number: entry?.entry_number ?? '',
    document: document.id,
    document_number: document.number,
  };
}

/** POST /bank-transactions/{id}/create (D74): 201 with the transaction, matched, and what was made. */
export async function createFromBankTransaction(
  scope: WriteScope,
  id: string,
  request: CreateRequest,
): Promise<CreatedFromLine> {
  const organizationId = scope.actor.organization.id;
  const command = parseCreateRequest(request);
  const transaction = await lockDocument(
    () => bank.lockTransaction(scope.tx, organizationId, id),
    'bank transaction',
    undefined,
    (row) => assertUnmatched(row),
  );
  let made: Omit<CreatedFromLine, 'bank_transaction' | 'kind'>;
  if ('counterparty' in command) {
    made = await createPaymentDocument(scope, transaction, command);
  } else {
    const check = await actionCheck(scope.tx, organizationId, [command], [transaction.account_id]);
    const planned = plan(scope, transaction, command, check, LINE_PATHS);
    const [entry] = await postAndMatch(scope, [planned]);
    made = {
      journal_entry: entry!.id,
      entry_number: entry!.entryNumber,
      document: null,
      document_number: null,
    };
  }
  const [view] = await describeTransactions(scope.tx, organizationId, [
    (await bank.findTransaction(scope.tx, organizationId, transaction.id))!,
  ]);
  return { bank_transaction: view!, kind: command.kind, ...made };
}

/** A refusal about one transaction of the batch, named `ids/N` whatever field it was about. */
function underId(index: number, work: () => Planned): Planned {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof DomainError) || !error.detail.fields) throw error;
    const path = `ids/${index}`;
    const message = error.message;
    throw new DomainError(error.code, `${path}: ${message}`, {
      ...error.detail,
      fields: { [path]: [message] },
    });
  }
}

/**
 * POST /bank-transactions/accept-suggestions {ids} (D75): creates what each transaction's suggestion
 * proposes, all or nothing, like POST /journal-entries/batch: every transaction is locked (id order)
 * and checked first, a refusal names `ids/N`, then one statement posts every entry and one more
 * matches them. Answers each in the order of `ids`.
 */
export async function acceptSuggestions(
  scope: WriteScope,
  command: { ids: string[] },
): Promise<{ results: CreatedFromLine[] }> {
  const organizationId = scope.actor.organization.id;
  const ids = distinctIds(command.ids, 'ids', {
    notUuid: 'must be a bank transaction id (UUID)',
    repeated: 'the same bank transaction appears twice',
  });
  const byId = new Map(
    (await bank.lockTransactions(scope.tx, organizationId, ids)).map((row) => [row.id, row]),
  );
  const ordered = await rulesInOrder(scope.tx, organizationId);
  const accepted = ids.map((id, index) => {
    const path = `ids/${index}`;
    const transaction = byId.get(id);
    if (!transaction) throw fieldError(path, 'no such bank transaction in these books');
    assertUnmatched(transaction, { [path]: [`is ${transaction.status}`] });
    const suggestion = suggestionOf(ordered, transaction);
    if (!suggestion) {
      throw fieldError(
        path,
        'no bank rule suggests anything for this transaction; create its document instead',
      );
    }
    return { transaction, suggestion };
  });
  const check = await actionCheck(
    scope.tx,
    organizationId,
    accepted.map(({ suggestion }) => suggestion),
    accepted.map(({ transaction }) => transaction.account_id),
  );
  const planned = accepted.map(({ transaction, suggestion }, index) =>
    underId(index, () => plan(scope, transaction, suggestion, check, LINE_PATHS)),
  );
  const entries = await postAndMatch(scope, planned);
  const views = await describeTransactions(
    scope.tx,
    organizationId,
    await bank.findTransactions(scope.tx, organizationId, ids),
  );
  const viewById = new Map(views.map((view) => [view.id, view]));
  return {
    results: planned.map((item, index) => ({
      bank_transaction: viewById.get(item.transaction.id)!,
      kind: item.kind,
      journal_entry: entries[index]!.id,
      entry_number: entries[index]!.entryNumber,
      document: null,
      document_number: null,
    })),
  };
}
