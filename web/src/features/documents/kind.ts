// A kind of document (an invoice, a bill, a credit note, a vendor credit: D87) as one descriptor
// the shared screens read: DocumentList, DocumentPage (its editor and its view) and LinesGrid. The
// differences between kinds are named fields and hooks here, not flags in the screens and not copies
// of a screen.
import type { UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { VersionedAction } from '../../api/queries/actions.ts';
import type { Column } from '../../ui/DataTable.tsx';
import type { Books } from '../shell/books.tsx';
import type { LinesEditor, StoredLine } from './LinesGrid.tsx';
import type { SideDescriptor } from './sides.ts';

/** A read's query options, whatever its key (each resource's key factory types its own). */
export type QueryOf<T> = UseQueryOptions<T, Error, T, any>;

export interface ListPage<Row> {
  results: Row[];
  next: string | null;
  previous: string | null;
}

/** The list's filters as the screen holds them; a kind's `listQuery` turns them into its API's. */
export interface ListFilters {
  status: string | undefined;
  search: string | undefined;
  party: string | undefined;
  cursor: string;
  /** The API's `?sort=` (`-total`); undefined: the list's own order. */
  sort?: string | undefined;
  /** Only documents past due (the "Overdue" status chip). */
  overdue?: boolean | undefined;
  /** The document date's range (issue date, bill date), YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The filters a list's totals row reads: all but the page's cursor and the order. */
export type TotalsFilters = Omit<ListFilters, 'cursor' | 'sort'>;

/** What a list's filters match, counted and summed by the API (its totals row): invoices' and bills'. */
export interface DueTotals {
  count: number;
  currency: string;
  total: string;
  balance_due: string;
}

/** A credit list's totals row (credit notes, vendor credits): what is left to apply, not what is due. */
export interface CreditTotals {
  count: number;
  currency: string;
  total: string;
  remaining_credit: string;
}

export type ListTotals = DueTotals | CreditTotals;

/** What every document of the API carries, whatever its kind. */
export interface DocumentBase {
  id: string;
  version: number;
  status: string;
  number: string | null;
  currency: string;
  subtotal: string;
  tax_total: string;
  total: string;
}

/** A saved line in the shape the line editor and the lines table read (a bill's cost as its price). */
export type DocumentLine = StoredLine & { line_no: number; tax_amount: string; amount: string };

/** A header field of the editor besides the party: a date, a text or a choice the API names `name`. */
export interface HeaderField<Doc> {
  name: string;
  label: string;
  type: 'date' | 'text' | 'select';
  /** A choice's options (its value '' is none, shown as the placeholder). */
  options?: { value: string; label: string }[];
  /** Its value on a new document ("today" for a date that starts today). */
  initial: 'today' | '';
  from: (doc: Doc) => string | null;
  /** Its placeholder, or what it reads with the editor's values (an invoice's terms: "Custom" once dated). */
  placeholder?: string | ((values: Record<string, string>) => string);
  description?: string;
  /** Left out of the body when empty (the API then fills it, as a due date from the terms). */
  optional?: boolean;
  /** The text that takes the rest of the row (the memo). */
  grows?: boolean;
  w?: number | { base: string; xs: number };
}

/** A party as the editor's picker has it (customers and vendors have terms, D53). */
export interface PartyOption {
  id: string;
  display_name: string;
  payment_terms?: string;
}

/** What the editor hands a kind to save: the party, the header fields by API name, the lines. */
export interface Draft {
  party: string;
  values: Record<string, string>;
  lines: LinesEditor;
}

/** The confirm dialog of a destructive action (D82): its title, its red button, its sentences. */
export interface Confirmation<Doc> {
  title: (doc: Doc) => string;
  confirm: (doc: Doc) => string;
  /** Its sentences, a paragraph each. */
  text: (doc: Doc) => string[];
}

/** What a kind adds to its page: buttons beside the void, a notice under the header, dialogs. */
export interface ViewExtras {
  buttons?: ReactNode;
  notice?: ReactNode;
  dialogs?: ReactNode;
}

/** How a draft goes: voided (its number stays used) or deleted, and where the page goes after. */
export type RemoveDraft<Doc> = Confirmation<Doc> & {
  label: string;
  run: (doc: Doc) => Promise<unknown>;
  done?: (doc: Doc) => string;
  /** Back to the list, or stay on the (now void) document. */
  after: 'list' | 'stay';
};

export interface DocumentKind<Doc extends DocumentBase, Row extends { id: string }, Body = unknown> {
  side: SideDescriptor;
  /** "invoice", "bill", "credit note": how titles and messages name one. */
  noun: string;
  /** "Invoices": the list's title. */
  plural: string;
  path: string;
  /** The invalidation map's entry a write to this kind invalidates. */
  written: 'invoices' | 'bills' | 'credit-notes' | 'vendor-credits';
  list: {
    statuses: readonly string[];
    /** The search box's placeholder; no search box without one. */
    search?: string;
    /** The list narrows to one party by `?vendor=` (or `?customer=`), titled after them. */
    byParty?: { title: (name: string) => string; partyName: (row: Row) => string };
    query: (filters: ListFilters) => QueryOf<ListPage<Row>>;
    /** The column keys the API sorts by (`?sort=`); their headers sort. None: the list's own order only. */
    sorts?: readonly string[];
    /** Offers "Overdue" beside the statuses (the API's `?overdue=true`). */
    overdue?: boolean;
    /** The label of the document date the list filters a range of ("Issue date"); none: no range. */
    dateRange?: string;
    /** The totals row: the API's count and sums of what the filters (less cursor and sort) match. */
    totals?: (filters: TotalsFilters) => QueryOf<DueTotals> | QueryOf<CreditTotals>;
    columns: Column<Row>[];
    minWidth: number;
    empty: { none: string; filtered: string };
  };
  one: (id: string) => QueryOf<Doc>;
  /** Its lines in the editor's shape (a bill's unit cost and account as price and account). */
  lines: (doc: Doc) => DocumentLine[];
  editor: {
    fields: HeaderField<Doc>[];
    /**
     * Header values that follow others (an invoice's due date follows its terms, its issue date and
     * its customer's terms): the values after `changed` (a field's name, or `party`) changed.
     */
    follow?: (
      values: Record<string, string>,
      changed: string,
      party: PartyOption | undefined,
    ) => Record<string, string>;
    /** The line editor's Item column (a credit note names no items). */
    withItems: boolean;
    partyOf: (doc: Doc) => string;
    /** The request body of a draft; `create` posts it, `update` patches it with the version read. */
    body: (draft: Draft) => Body;
    create: (body: Body) => Promise<Doc>;
    update: (id: string, body: Body & { version: number }) => Promise<Doc>;
    /**
     * The button that posts the draft ("Send", "Open", "Issue"), its call, and the sentence shown
     * under it saying what it does (issue 21: visible, not only a tooltip).
     */
    finalize: { label: string; description: string; run: (saved: Doc) => Promise<Doc> };
    saved: (doc: Doc, finalized: boolean) => string;
    removeDraft: RemoveDraft<Doc>;
  };
  view: {
    /** The line under the title: the party, dates, reference, memo. */
    summary: (doc: Doc) => ReactNode;
    figures: (doc: Doc) => ({ label: string; amount: string } | null)[];
    priceLabel?: string;
    /** The kind's own buttons, notice and dialogs (record a payment, apply credit, email, PDF). */
    useExtras: (doc: Doc, books: Books, refresh: () => void) => ViewExtras;
    /** Sections under the lines (payments, applications, emails). */
    Sections?: (props: { doc: Doc; books: Books }) => ReactNode;
    /**
     * The void of a posted document: when it is offered, what its dialog says (titled "Void <noun>
     * <number>?"), the API's void and what is said once done (else "<Noun> <number> voided.").
     */
    void: {
      allowed: (doc: Doc) => boolean;
      text: (doc: Doc) => string[];
      path: VersionedAction;
      done?: (doc: Doc) => string;
    };
  };
}

/** "Draft" as a status filter's label: the first letter up. */
export const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A call's path parameter: `api.POST('/api/v1/bills/{id}/open', { ...byId(id), body })`. */
export const byId = (id: string) => ({ params: { path: { id } } });

/** The header fields every kind has: its date (from `name`, starting today) and a memo. */
export const dateField = <Doc>(
  name: string,
  label: string,
  from: (doc: Doc) => string,
): HeaderField<Doc> => ({
  name,
  label,
  type: 'date',
  initial: 'today',
  from,
});
export const memoField = <Doc extends { memo: string }>(placeholder?: string): HeaderField<Doc> => ({
  name: 'memo',
  label: 'Memo',
  type: 'text',
  initial: '',
  from: (doc) => doc.memo,
  grows: true,
  ...(placeholder ? { placeholder } : {}),
});

/** A sale document's body (an invoice, a credit note): the customer, its date, memo and lines (D8). */
export const saleBody = ({ party, values, lines }: Draft) => ({
  customer: party,
  issue_date: values.issue_date ?? '',
  memo: values.memo ?? '',
  lines: lines.body(),
});
