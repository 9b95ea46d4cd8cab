// Issue, apply and void of a credit document: a sale or purchase given back (a credit note onto
// invoices, D60; a vendor credit onto bills, D87). A kind is a descriptor: the domain's row (side,
// noun, void rule), its store, sequence, source and change entity, what its credit is applied to (a
// money target), and named hooks: `posting` (the lines its entry credits or debits) and `credit` (what
// the domain makes of a target an application settles). Each step is written once:
//
// - issue: draft -> issued dated its own date; the entry first (it takes the JE counter every posting
//   queues for), then the kind's number, so the document never sits on a number while it waits;
// - apply: the document is locked first, then the targets in id order (money-movements.ts, the order
//   payments take them), so concurrent applies of one document queue on it and each sees what the
//   previous one applied; none deadlocks with a payment. No ledger entry: the issue moved the
//   counter account, applying only says which documents the credit settles;
// - void: the document's void rule (void-document.ts): an issued one with nothing applied is reversed.
import { todayIn } from '../../domain/dates.ts';
import {
  assertApplicable,
  assertIssuable,
  assertWithinCredit,
  type CreditStatus,
  type DocumentKind,
  type DocumentPostingLine,
  documentPostingLines,
  remainingCredit,
} from '../../domain/document.ts';
import { voidDate as laterOf } from '../../domain/invoice.ts';
import { formatMoney, type Money, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { CreditApplied } from '../../storage/stores/document-store.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor } from '../context.ts';
import { postLedgerEntry } from '../ledger/journal-entries.ts';
import { allocateNumber } from '../numbering.ts';
import { lockDocument } from './documents.ts';
import { applyMoney, type MoneyTarget, parseApplications, sumApplications } from './money-movements.ts';
import { voidDocument } from './void-document.ts';

/** What a credit document's row holds that these steps read. */
export interface CreditRow {
  id: string;
  number: string | null;
  status: CreditStatus;
  version: number;
  total: string;
  amount_applied: string;
  journal_entry_id: string | null;
}

/** The fields of a credit document's view every kind has; a kind adds its counterparty and date. */
export function describeCredit(
  row: CreditRow & {
    currency: string;
    subtotal: string;
    tax_total: string;
    memo: string;
    void_entry_id: string | null;
    issued_at: string | null;
    voided_at: string | null;
    created_at: string;
    updated_at: string;
  },
) {
  const { total, amount_applied: applied } = row;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    currency: row.currency,
    subtotal: row.subtotal,
    tax_total: row.tax_total,
    total,
    amount_applied: applied,
    remaining_credit: formatMoney(remainingCredit(parseMoney(total), parseMoney(applied), row.status)),
    memo: row.memo,
    journal_entry: row.journal_entry_id,
    void_entry: row.void_entry_id,
    issued_at: row.issued_at,
    voided_at: row.voided_at,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A target row as the money layer locks it (an invoice, a bill). */
interface TargetRow {
  id: string;
  number: string;
  version: number;
}

/** One kind of credit document, as its issue, apply and void see it. */
export interface CreditKind<Row extends CreditRow, Target extends TargetRow, Field extends string, View> {
  rules: DocumentKind<CreditStatus>;
  /** Its entry's source type (the void's is `<name>_void`), its change entity and its sequence. */
  name: 'credit_note' | 'vendor_credit';
  store: {
    lock(tx: Queryable, organizationId: string, id: string): Promise<Row | undefined>;
    setStatus(
      tx: Queryable,
      organizationId: string,
      id: string,
      change: { status: 'issued' | 'void'; entryId: string | null; version: number; number?: string },
    ): Promise<void>;
    applyCredit(tx: Queryable, applied: CreditApplied): Promise<void>;
  };
  /** What its credit is applied to. */
  target: MoneyTarget<Target, Field>;
  read(db: Queryable, actor: Actor, id: string): Promise<View>;
  hooks: {
    /** The document's date and counterparty, and the memo of its entry. */
    dateOf(row: Row): string;
    counterpartyOf(row: Row): string;
    memo(row: Row): string;
    /** The counter account and the lines its entry posts (mirrored by the domain), checked for their use. */
    posting(scope: WriteScope, row: Row): Promise<{ counter: string; lines: DocumentPostingLine[] }>;
    /** What applying `amount` (application `index`) makes of a target (the domain's rule). */
    credit(target: Target, amount: Money, index: number): { amountCredited: Money; status: string };
  };
}

export function creditUseCases<Row extends CreditRow, Target extends TargetRow, Field extends string, View>(
  kind: CreditKind<Row, Target, Field, View>,
) {
  const lock = (scope: WriteScope, id: string, expectedVersion: number | undefined) =>
    lockDocument(
      () => kind.store.lock(scope.tx, scope.actor.organization.id, id),
      kind.rules.noun,
      expectedVersion,
    );
  const voiding = {
    rules: kind.rules,
    source: kind.name,
    entity: kind.name,
    store: kind.store,
    hooks: { returnStock: async () => [] },
  };

  return {
    /** POST /<documents>/{id}/issue: numbers the draft and posts its side's entry mirrored. */
    async issue(scope: WriteScope, id: string, expectedVersion?: number): Promise<View> {
      const organizationId = scope.actor.organization.id;
      const row = await lock(scope, id, expectedVersion);
      assertIssuable(kind.rules, row);
      const input = await kind.hooks.posting(scope, row);
      const entry = await postLedgerEntry(scope, {
        txnDate: kind.hooks.dateOf(row),
        memo: kind.hooks.memo(row),
        lines: documentPostingLines(kind.rules, input.counter, input.lines),
        sourceType: kind.name,
        sourceId: id,
      });
      const number = await allocateNumber(scope.tx, organizationId, kind.name);
      const version = row.version + 1;
      await kind.store.setStatus(scope.tx, organizationId, id, {
        status: 'issued',
        entryId: entry.id,
        version,
        number,
      });
      scope.changed(kind.name, id, 'updated', version);
      return kind.read(scope.tx, scope.actor, id);
    },

    /**
     * POST /<documents>/{id}/apply: more than the remaining credit, or than a target's balance due,
     * answers application_exceeds_balance; a target of another counterparty is a field error.
     */
    async apply(
      scope: WriteScope,
      id: string,
      command: { applications: ({ amount: string } & Record<Field, string>)[] },
      expectedVersion?: number,
    ): Promise<View> {
      const organization = scope.actor.organization;
      const applications = parseApplications(command.applications, kind.target, organization.currency);
      const row = await lock(scope, id, expectedVersion);
      assertApplicable(kind.rules, row);
      const applied = sumApplications(applications);
      const amountApplied = parseMoney(row.amount_applied);
      const remaining = remainingCredit(parseMoney(row.total), amountApplied, row.status);
      assertWithinCredit(kind.rules, { ...row, remaining }, applied);
      const moved = await applyMoney(
        scope,
        kind.target,
        kind.hooks.counterpartyOf(row),
        applications,
        (target, amount, index) => {
          const next = kind.hooks.credit(target, amount, index);
          return { amountCredited: formatMoney(next.amountCredited), status: next.status };
        },
      );
      const version = row.version + 1;
      await kind.store.applyCredit(scope.tx, {
        organizationId: organization.id,
        documentId: id,
        // Dated the day it is applied (never before the document itself): what aging as of a date reads.
        appliedDate: laterOf(kind.hooks.dateOf(row), todayIn(organization.timezone)),
        amountApplied: formatMoney(amountApplied + applied),
        version,
        applications: applications.map((application) => ({
          documentId: application.documentId,
          amount: formatMoney(application.amount),
        })),
        moves: moved,
      });
      for (const target of moved) scope.changed(kind.target.entity, target.id, 'updated', target.version);
      scope.changed(kind.name, id, 'updated', version);
      return kind.read(scope.tx, scope.actor, id);
    },

    /**
     * POST /<documents>/{id}/void: an issued document with nothing applied gets the reversal of its
     * entry, dated today (or its own date, if later); anything else answers invalid_state.
     */
    async void(scope: WriteScope, id: string, expectedVersion?: number): Promise<View> {
      const row = await lock(scope, id, expectedVersion);
      await voidDocument(scope, voiding, row, kind.hooks.dateOf(row), {
        ...row,
        applied: { amount_applied: parseMoney(row.amount_applied) },
        hasEntry: row.journal_entry_id !== null,
      });
      return kind.read(scope.tx, scope.actor, id);
    },
  };
}
