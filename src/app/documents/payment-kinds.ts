// A payment, received (D25, D33, D61) or made (D55), is read, created and voided the same way; each
// kind describes once what differs (PaymentKind): its counterparty, the account the money moves
// through, the side of its entry, the documents it settles with the domain's rules for them, and its
// store's reads. The create and void steps keep the lock order of money-movements.ts: the payment
// first (on a void), then its documents in id order, then the journal's counter, and the payment's
// own counter last (its store's insert), so a payment never holds its number while it waits for the
// journal's.

import { randomUUID } from 'node:crypto';
import type { Settling } from '../../domain/document.ts';
import type { SourceType } from '../../domain/journal.ts';
import { parseSortOrder, type SortOrder } from '../../domain/list-order.ts';
import { formatMoney, type Money } from '../../domain/money.ts';
import { assertPaymentPosted, type PaymentStatus } from '../../domain/payment.ts';
import type { EntityType } from '../../domain/roles.ts';
import type { Queryable } from '../../storage/db.ts';
import type { KeysetRow } from '../../storage/keyset.ts';
import { containsPattern } from '../../storage/sql.ts';
import type { SettledRow } from '../../storage/stores/document-store.ts';
import type {
  MovementVoid,
  NewPaymentRow,
  PaymentListFilters,
} from '../../storage/stores/money-movements.ts';
import type { WriteScope } from '../changes.ts';
import {
  type ActiveContactKind,
  activeContact,
  type ContactKind,
  contactFilter,
} from '../contacts/contacts.ts';
import type { Actor, Deps } from '../context.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import type { PageCursor } from '../pagination.ts';
import { documentReads } from './document-reads.ts';
import { assertBooksCurrency, assertDocumentDate, lockDocument } from './documents.ts';
import {
  type MoneyTarget,
  type Moved,
  movePayment,
  type PaymentCommand,
  parsePayment,
  paymentMemo,
  postMovement,
  storedPayment,
  voidPaymentSteps,
} from './money-movements.ts';

/** A payment's row as its kind's steps read it. */
interface PaymentRow {
  id: string;
  number: string;
  payment_date: string;
  status: PaymentStatus;
  version: number;
}

/** What distinguishes one kind of payment from the other, for the steps they share. */
export interface PaymentKind<
  Command extends PaymentCommand,
  Row extends PaymentRow,
  Status extends string,
  Field extends string,
> {
  /** What refusals and a void's memo call one: 'payment', 'bill payment'. */
  noun: string;
  /** The change feed's entity of the payment. */
  entity: EntityType;
  /** The journal's source type of the payment's own entry, and of the entry voiding it. */
  sourceType: SourceType;
  voidSourceType: SourceType;
  /** Whom it is paid by or to (CUSTOMER, VENDOR), and the contact the request names (active, or refused). */
  counterparty: ActiveContactKind<{ id: string; display_name: string; is_active: boolean }>;
  counterpartyOf(command: Command): string;
  /**
   * The side of its entry: 'in' (received, D25) debits the cash account and credits `control`;
   * 'out' (made, D55) debits `control` and credits the cash account.
   */
  flow: 'in' | 'out';
  control: 'accountsReceivable' | 'accountsPayable';
  /** The cash account the money moves through, as the request names it, checked (D64). */
  account(scope: WriteScope, command: Command): Promise<string>;
  /** The documents it settles, and the rule its applications add up by (at most, or exactly, the amount). */
  target: MoneyTarget<SettledRow<Status, never>, Field>;
  assertApplied(applied: Money, amount: Money): void;
  /** The domain's rules: what one application makes of a document, and what its removal makes of it. */
  apply(document: Settling<Status>, amount: Money, index: number): { amountPaid: Money; status: Status };
  takeOff(
    document: { number: string; status: Status; amountPaid: Money },
    removed: Money,
  ): { amountPaid: Money; status: Status };
  /**
   * A refusal of its own before a void, on the locked payment (D88: a deposited payment received is
   * taken out of its deposit first); none when absent.
   */
  assertVoidable?(scope: WriteScope, row: Row): Promise<void>;
  /**
   * Its store: one payment locked FOR UPDATE, the applications of several, and the one statement that
   * voids a locked payment and moves its documents back.
   */
  store: {
    lock(tx: Queryable, organizationId: string, id: string): Promise<Row | undefined>;
    applicationsOf(
      db: Queryable,
      organizationId: string,
      ids: string[],
    ): Promise<Map<string, ({ amount: string } & Record<Field, string>)[]>>;
    markVoid(
      tx: Queryable,
      payment: MovementVoid & { moves: Moved<{ amountPaid: string; status: Status }>[] },
    ): Promise<void>;
  };
}

/**
 * The create steps of a payment, up to its store's insert: the request's rules, its counterparty
 * (active), its cash account, its documents locked and moved, and its own entry posted. Answers the
 * row to write (with the documents' moves) and what the kind's insert and response add.
 */
export async function paymentSteps<
  Command extends PaymentCommand,
  Status extends string,
  Field extends string,
>(
  scope: WriteScope,
  kind: PaymentKind<Command, PaymentRow, Status, Field>,
  command: Command & { applications?: ({ amount: string } & Record<Field, string>)[] },
) {
  const organization = scope.actor.organization;
  assertBooksCurrency(organization, command.currency);
  const { amount, applications } = parsePayment(
    command,
    kind.target,
    organization.currency,
    kind.assertApplied,
  );
  assertDocumentDate(organization, command.payment_date, 'payment_date');
  const counterparty = await activeContact(
    scope.tx,
    organization.id,
    kind.counterparty,
    kind.counterpartyOf(command),
  );
  const account = await kind.account(scope, command);
  const moved = await movePayment(scope, kind.target, counterparty.id, applications, kind.apply);
  const control = await systemAccountId(scope.tx, organization.id, kind.control);
  // The payment's own entry first: it takes the JE counter, which every posting of the organization
  // queues for. Only then (the store's insert) the payment's counter, which it therefore takes while
  // no other payment can hold it, so payments queue once, like sends. (Its memo names the
  // counterparty, not the payment's number, which does not exist yet; the entry links to the payment
  // by source_type/source_id.)
  const id = randomUUID();
  const entry = await postMovement(scope, {
    id,
    date: command.payment_date,
    amount,
    debit: kind.flow === 'in' ? account : control,
    credit: kind.flow === 'in' ? control : account,
    memo: paymentMemo(kind.flow === 'in' ? 'from' : 'to', counterparty.display_name, command.reference),
    sourceType: kind.sourceType,
  });
  const row = {
    id,
    organizationId: organization.id,
    counterpartyId: counterparty.id,
    ...storedPayment(command, amount, organization.currency),
    journalEntryId: entry.id,
    applications: applications.map((application) => ({
      documentId: application.documentId,
      amount: formatMoney(application.amount),
    })),
    moves: moved,
  } satisfies NewPaymentRow;
  return { row, counterparty, account, amount, applications };
}

/**
 * Locks a payment for a change (`action`: 'voided', 'applied'), refusing a void one, then checks the
 * writer's version.
 */
export function lockPostedPayment<Row extends PaymentRow>(
  scope: WriteScope,
  kind: { noun: string; store: Pick<PaymentKind<PaymentCommand, Row, string, string>['store'], 'lock'> },
  id: string,
  action: string,
  expectedVersion: number | undefined,
): Promise<Row> {
  const load = () => kind.store.lock(scope.tx, scope.actor.organization.id, id);
  return lockDocument(load, kind.noun, expectedVersion, (row) => assertPaymentPosted(row, action));
}

/**
 * The void steps of a locked payment after its kind's own checks (voidPaymentSteps): what it had
 * applied taken off its documents, its entry reversed. Answers the moves, the void entry and the
 * payment's next version, for its store to write.
 */
async function voidSteps<
  Row extends PaymentRow & { journal_entry_id: string | null },
  Status extends string,
  Field extends string,
>(scope: WriteScope, kind: PaymentKind<PaymentCommand, Row, Status, Field>, row: Row) {
  const entryId = row.journal_entry_id;
  if (!entryId) throw new Error(`${kind.noun} ${row.id} has no entry to reverse`);
  const organizationId = scope.actor.organization.id;
  const applications =
    (await kind.store.applicationsOf(scope.tx, organizationId, [row.id])).get(row.id) ?? [];
  return voidPaymentSteps(
    scope,
    kind.target,
    { ...row, journal_entry_id: entryId },
    { noun: kind.noun, sourceType: kind.voidSourceType },
    applications.map((application) => ({
      documentId: application[kind.target.idField],
      amount: application.amount,
    })),
    kind.takeOff,
  );
}

/**
 * POST /payments-received/{id}/void and /bill-payments/{id}/void (D61, D55): the payment locked (a
 * void one refused, the writer's version checked), its kind's own refusal, its documents locked in id
 * order and moved back, its entry reversed on its own date (refused in a closed period), then the
 * store's one statement and the change records. The caller reads the payment back.
 */
export async function voidPaymentOf<
  Row extends PaymentRow & { journal_entry_id: string | null },
  Status extends string,
  Field extends string,
>(
  scope: WriteScope,
  kind: PaymentKind<PaymentCommand, Row, Status, Field>,
  id: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const row = await lockPostedPayment(scope, kind, id, 'voided', expectedVersion);
  await kind.assertVoidable?.(scope, row);
  const { moved, voidEntryId, version } = await voidSteps(scope, kind, row);
  const organizationId = scope.actor.organization.id;
  await kind.store.markVoid(scope.tx, { organizationId, id, voidEntryId, version, moves: moved });
  notePaymentChanges(scope, kind, { id, change: 'updated', version }, moved);
}

/** The change records of a payment's write: each document it moved, then the payment at `version`. */
export function notePaymentChanges(
  scope: WriteScope,
  kind: Pick<PaymentKind<PaymentCommand, PaymentRow, string, string>, 'entity' | 'target'>,
  payment: { id: string; change: 'created' | 'updated'; version: number },
  moved: Moved<unknown>[],
): void {
  for (const document of moved) scope.changed(kind.target.entity, document.id, 'updated', document.version);
  scope.changed(kind.entity, payment.id, payment.change, payment.version);
}

/** A list of payments as its request asks for it: one counterparty's (an id), a search, a sort. */
export interface PaymentListQuery {
  counterparty?: string | undefined;
  search?: string | undefined;
  sort?: string | undefined;
}

/**
 * The reads of a kind of payment (documentReads): one by id with its applications, described by
 * `describe`, and a page of its list, filtered by counterparty (400 unless a UUID), search and
 * `narrowing` (the kind's own filters, already read), in `sortKeys`' order when asked.
 */
export function paymentReads<
  Row extends KeysetRow & { id: string },
  Child,
  Filters extends PaymentListFilters,
  Key extends string,
  View,
>(
  kind: {
    noun: string;
    counterparty: Pick<ContactKind<string, unknown, unknown>, 'what'>;
    store: {
      find(db: Queryable, organizationId: string, id: string): Promise<Row | undefined>;
      applicationsOf(db: Queryable, organizationId: string, ids: string[]): Promise<Map<string, Child[]>>;
      page(
        db: Queryable,
        organizationId: string,
        filters: Filters,
        cursor: PageCursor | undefined,
        sort?: SortOrder<Key>,
      ): Promise<Row[]>;
    };
  },
  sortKeys: readonly Key[],
  describe: (row: Row, applications: Child[]) => View,
) {
  const { store } = kind;
  const reads = documentReads({
    what: kind.noun,
    find: store.find,
    rowsOf: store.applicationsOf,
    page: (db, organizationId, { sort, ...filters }: Filters & { sort?: string }, cursor) =>
      store.page(db, organizationId, filters as Filters, cursor, parseSortOrder(sortKeys, sort)),
    describe,
  });
  return {
    read: reads.read,
    list: (
      deps: Deps,
      actor: Actor,
      cursor: PageCursor | undefined,
      query: PaymentListQuery,
      narrowing: Omit<Filters, keyof PaymentListFilters>,
    ) =>
      reads.list(deps, actor, cursor, {
        ...narrowing,
        counterpartyId: contactFilter(kind.counterparty, query.counterparty),
        searchPattern: containsPattern(query.search),
        ...(query.sort === undefined ? {} : { sort: query.sort }),
      } as Filters & { sort?: string }),
  };
}
