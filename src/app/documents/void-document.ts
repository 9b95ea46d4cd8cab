// Void of a numbered document with lines (D23 for invoices, bills): the domain's void rule decides; a
// draft becomes void with no ledger effect (its number stays used), a posted one is reversed, dated
// today (or its own date, if later), and its stock goes back through the kind's named hook. A settled
// kind's whole void use case (lock, void, answer) is settledVoid.

import { todayIn } from '../../domain/dates.ts';
import { type DocumentKind, type VoidFacts, voidKindOf } from '../../domain/document.ts';
import { voidDate } from '../../domain/invoice.ts';
import { type JournalLine, type VoidableSource, voidableSource } from '../../domain/journal.ts';
import { parseMoney } from '../../domain/money.ts';
import type { EntityType } from '../../domain/roles.ts';
import type { Queryable } from '../../storage/db.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor } from '../context.ts';
import { reverseDocumentEntry } from '../ledger/journal-entries.ts';

/** A kind as its void sees it. */
export interface VoidingKind {
  rules: DocumentKind;
  /** The entry's source type; its reversal's is `<source>_void`. */
  source: VoidableSource;
  entity: EntityType;
  store: {
    setStatus(
      tx: Queryable,
      organizationId: string,
      id: string,
      change: { status: 'void'; entryId: string | null; version: number },
    ): Promise<void>;
  };
  hooks: {
    /**
     * Takes back the stock the document moved, from `date` on (D49, D51), answering the lines that
     * settle its cost in the reversal (balanced among themselves; none when nothing is to settle).
     */
    returnStock(scope: WriteScope, id: string, date: string): Promise<JournalLine[]>;
  };
}

/** Voids the locked `row` (dated `documentDate`) as its kind's rule says, with its next version. */
export async function voidDocument(
  scope: WriteScope,
  kind: VoidingKind,
  row: { id: string; version: number; journal_entry_id: string | null },
  documentDate: string,
  facts: VoidFacts,
): Promise<void> {
  let voidEntryId: string | null = null;
  if (voidKindOf(kind.rules, facts) === 'reverse_entry') {
    const date = voidDate(documentDate, todayIn(scope.actor.organization.timezone));
    const extraLines = await kind.hooks.returnStock(scope, row.id, date);
    // The original entry is locked and records who reversed it, as a manual reversal does (D27).
    voidEntryId = await reverseDocumentEntry(scope, row.journal_entry_id!, {
      txnDate: date,
      memo: `Void of ${kind.rules.noun} ${facts.number}`,
      sourceType: `${kind.source}_void`,
      sourceId: row.id,
      extraLines,
    });
  }
  const version = row.version + 1;
  await kind.store.setStatus(scope.tx, scope.actor.organization.id, row.id, {
    status: 'void',
    entryId: voidEntryId,
    version,
  });
  scope.changed(kind.entity, row.id, 'updated', version);
}

/** A settled document's row as its void reads it: its state, what was paid and credited, its entry. */
interface SettledVoidRow {
  id: string;
  number: string;
  status: string;
  version: number;
  amount_paid: string;
  amount_credited: string;
  journal_entry_id: string | null;
}

/**
 * The void use case of a settled kind (an invoice, a bill): `lock` takes the document at the writer's
 * version, the kind's rule decides on what payments and credits applied to it (dated from `dateOf`),
 * and the answer is the document as `read` gives it. A settled kind's entries are sourced under its
 * noun (`invoice`, `bill`: voidableSource checks the journal lists it), so its reversal is
 * `invoice_void`, `bill_void`.
 */
export function settledVoid<Row extends SettledVoidRow, View>(
  settled: Omit<VoidingKind, 'source'>,
  steps: {
    lock(scope: WriteScope, id: string, expectedVersion: number | undefined): Promise<Row>;
    dateOf(row: Row): string;
    read(db: Queryable, actor: Actor, id: string): Promise<View>;
  },
) {
  const kind: VoidingKind = { ...settled, source: voidableSource(settled.rules.noun) };
  return async (scope: WriteScope, id: string, expectedVersion?: number): Promise<View> => {
    const row = await steps.lock(scope, id, expectedVersion);
    await voidDocument(scope, kind, row, steps.dateOf(row), {
      number: row.number,
      status: row.status,
      applied: { amount_paid: parseMoney(row.amount_paid), amount_credited: parseMoney(row.amount_credited) },
      hasEntry: row.journal_entry_id !== null,
    });
    return steps.read(scope.tx, scope.actor, id);
  };
}
