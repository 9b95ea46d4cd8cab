// The draft lifecycle of a numbered document with lines (invoices D20-D23, bills D54): create under
// the next number (or a client's), sparse PATCH of a draft, its lines priced and replaced whole, its
// totals and header always computed here. A kind is a descriptor: the domain's row (its noun and edit
// rule), its store, sequence, change entity and counterparty, its date field, and two named hooks:
// `priceLines` (the kind's line rules, with an item's defaults, D48) and `header` (its due date and
// the header fields only it has), with `beforeLines` where a kind checks its header before its lines.

import { randomUUID } from 'node:crypto';
import { todayIn } from '../../domain/dates.ts';
import { assertDraftEditable, type DocumentKind } from '../../domain/document.ts';
import { DomainError } from '../../domain/errors.ts';
import type { EntityType } from '../../domain/roles.ts';
import type { Queryable } from '../../storage/db.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../storage/db.ts';
import type { ContactRow } from '../../storage/stores/contacts.ts';
import type { WriteScope } from '../changes.ts';
import { activeContact, type ContactKind } from '../contacts/contacts.ts';
import type { Actor } from '../context.ts';
import { allocateNumber, type SequenceName } from '../numbering.ts';
import { assertBooksCurrency, assertDocumentDate, lockDocument } from './documents.ts';

/** A document's totals (D8), as NUMERIC text. */
export interface DraftTotals {
  subtotal: string;
  taxTotal: string;
  total: string;
}

/** Priced lines ready to store, with the totals. */
export type PricedDraft<NewLine> = DraftTotals & { lines: NewLine[] };

/** What a draft's row holds that the lifecycle reads. */
export interface DraftRow {
  number: string | null;
  status: string;
  version: number;
  memo: string;
  subtotal: string;
  tax_total: string;
  total: string;
}

/** The fields every create and patch may carry, whatever the kind. */
export interface DraftCommand<Line> {
  lines?: Line[];
  number?: string;
  memo?: string;
  currency?: string;
}

/** The counterparty a draft names, as activeContact answers it. */
export type DraftContact = ContactRow<never>;

/** A draft's store, as document-store.ts makes it. */
export interface DraftStore<Row, Header, NewLine> {
  lock(tx: Queryable, organizationId: string, id: string): Promise<Row | undefined>;
  insertDraft(
    tx: Queryable,
    draft: Header &
      DraftTotals & {
        memo: string;
        id: string;
        organizationId: string;
        number: string | null;
        currency: string;
      },
  ): Promise<boolean>;
  updateDraft(
    tx: Queryable,
    organizationId: string,
    id: string,
    draft: Header & DraftTotals & { memo: string; version: number },
  ): Promise<void>;
  insertLines(tx: Queryable, organizationId: string, id: string, lines: NewLine[]): Promise<void>;
  deleteLines(tx: Queryable, organizationId: string, id: string): Promise<void>;
  /** Where a kind's drafts are deleted (DELETE): the draft and its lines. */
  deleteDraft?(tx: Queryable, organizationId: string, id: string): Promise<void>;
}

/** One kind of numbered document with lines, as its draft lifecycle sees it. */
export interface DraftKind<
  DateField extends string,
  ContactField extends string,
  Line,
  NewLine,
  Row extends DraftRow & Record<DateField | `${ContactField}_id`, string>,
  Command extends DraftCommand<Line> & Partial<Record<DateField | ContactField, string>>,
  Header,
  View,
> {
  rules: DocumentKind;
  store: DraftStore<Row, Header, NewLine>;
  /** Its number's sequence when the draft is created; null: numbered when it posts (a credit note, D60). */
  sequence: SequenceName | null;
  /** The change feed's entity. */
  entity: EntityType;
  /** The counterparty, and the field of the request (and `<field>_id` of the row) that names it. */
  counterparty: Pick<ContactKind<never, unknown, unknown>, 'what' | 'store'>;
  contactField: ContactField;
  /** The document's date field (`issue_date`, `bill_date`): today when a create leaves it out (D66). */
  dateField: DateField;
  read(db: Queryable, actor: Actor, id: string): Promise<View>;
  hooks: {
    /** Checks each line and prices the document (D8), taking an item's defaults for what a line leaves out. */
    priceLines(scope: WriteScope, lines: Line[]): Promise<PricedDraft<NewLine>>;
    /** The header fields besides memo and totals (its due date...); `row` is the stored draft on a PATCH. */
    header(contact: DraftContact, date: string, command: Command, row: Row | undefined): Header;
    /** What a kind checks of its header before its lines are priced (a bill's due date), if anything. */
    beforeLines?(contact: DraftContact, date: string, command: Command, row: Row | undefined): void;
  };
}

function numberConflict(noun: string, number: string): DomainError {
  return new DomainError('number_conflict', `${noun} number ${number} is taken; nothing was saved`, {
    fields: { number: ['is taken'] },
    number,
  });
}

function totalsOf(priced: DraftTotals): DraftTotals {
  return { subtotal: priced.subtotal, taxTotal: priced.taxTotal, total: priced.total };
}

/** A kind's draft use cases: `create` (POST), `update` (PATCH) and `remove` (DELETE, where a kind has it). */
export function draftUseCases<
  D extends string,
  C extends string,
  Line,
  NewLine,
  Row extends DraftRow & Record<D | `${C}_id`, string>,
  Command extends DraftCommand<Line> & Partial<Record<D | C, string>>,
  Header,
  View,
>(kind: DraftKind<D, C, Line, NewLine, Row, Command, Header, View>) {
  const insert = async (scope: WriteScope, draft: Parameters<typeof kind.store.insertDraft>[1]) => {
    try {
      return await kind.store.insertDraft(scope.tx, draft);
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION) throw numberConflict(kind.rules.noun, draft.number ?? '');
      throw error;
    }
  };
  return {
    /**
     * POST: a draft (no ledger entry, no stock) with its number, header and totals. Under the
     * client's number (taken: number_conflict) or the kind's next one; a client may earlier have taken
     * the value the sequence gives: that value is used, take the next. A 23505 from any other path of
     * a number race still answers number_conflict.
     */
    async create(scope: WriteScope, command: Command & { lines: Line[] }): Promise<View> {
      const organization = scope.actor.organization;
      assertBooksCurrency(organization, command.currency);
      const date = command[kind.dateField] ?? todayIn(organization.timezone);
      assertDocumentDate(organization, date, kind.dateField);
      const contactId = command[kind.contactField] as string;
      const contact = await activeContact(scope.tx, organization.id, kind.counterparty, contactId);
      kind.hooks.beforeLines?.(contact, date, command, undefined);
      const priced = await kind.hooks.priceLines(scope, command.lines);
      const header = kind.hooks.header(contact, date, command, undefined);
      const id = randomUUID();
      const draft = {
        ...header,
        ...totalsOf(priced),
        id,
        organizationId: organization.id,
        currency: organization.currency,
        memo: command.memo ?? '',
      };
      const numbered = (number: string | null) => insert(scope, { ...draft, number });
      if (kind.sequence === null) {
        await numbered(null);
      } else if (command.number !== undefined) {
        if (!(await numbered(command.number))) throw numberConflict(kind.rules.noun, command.number);
      } else {
        while (!(await numbered(await allocateNumber(scope.tx, organization.id, kind.sequence)))) {}
      }
      await kind.store.insertLines(scope.tx, organization.id, id, priced.lines);
      scope.changed(kind.entity, id, 'created', 1);
      return kind.read(scope.tx, scope.actor, id);
    },

    /** PATCH: drafts only (immutable_entry past draft); `lines` replaces every line; totals are recomputed. */
    async update(scope: WriteScope, id: string, patch: Command, expectedVersion?: number): Promise<View> {
      const organization = scope.actor.organization;
      const row = await lockDocument(
        () => kind.store.lock(scope.tx, organization.id, id),
        kind.rules.noun,
        expectedVersion,
        (draft) => assertDraftEditable(kind.rules, draft),
      );
      assertBooksCurrency(organization, patch.currency);
      const date = patch[kind.dateField] ?? row[kind.dateField];
      if (patch[kind.dateField] !== undefined) assertDocumentDate(organization, date, kind.dateField);
      const contactId = patch[kind.contactField] ?? (row[`${kind.contactField}_id`] as string);
      const contact = await activeContact(scope.tx, organization.id, kind.counterparty, contactId);
      kind.hooks.beforeLines?.(contact, date, patch, row);
      let totals: DraftTotals = { subtotal: row.subtotal, taxTotal: row.tax_total, total: row.total };
      if (patch.lines !== undefined) {
        const priced = await kind.hooks.priceLines(scope, patch.lines);
        totals = totalsOf(priced);
        await kind.store.deleteLines(scope.tx, organization.id, id);
        await kind.store.insertLines(scope.tx, organization.id, id, priced.lines);
      }
      const header = kind.hooks.header(contact, date, patch, row);
      const version = row.version + 1;
      await kind.store.updateDraft(scope.tx, organization.id, id, {
        ...header,
        ...totals,
        memo: patch.memo ?? row.memo,
        version,
      });
      scope.changed(kind.entity, id, 'updated', version);
      return kind.read(scope.tx, scope.actor, id);
    },

    /** DELETE: a draft only, with its lines (a kind numbered when it posts skips no number). */
    async remove(scope: WriteScope, id: string, expectedVersion?: number): Promise<void> {
      const deleteDraft = kind.store.deleteDraft;
      if (!deleteDraft) throw new Error(`a ${kind.rules.noun} draft is not deleted (void it)`);
      const organizationId = scope.actor.organization.id;
      const row = await lockDocument(
        () => kind.store.lock(scope.tx, organizationId, id),
        kind.rules.noun,
        expectedVersion,
        (draft) => assertDraftEditable(kind.rules, draft),
      );
      await deleteDraft(scope.tx, organizationId, id);
      scope.changed(kind.entity, id, 'deleted', row.version + 1);
    },
  };
}
