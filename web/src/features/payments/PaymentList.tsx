// Every list of payments (received, D61; to vendors, D55): newest first, searched by number, reference
// or party (issue 21), sorted from a header (number, party, date, amount; the order kept in the
// address, `?sort=-amount`), each number opening the payment's own page (PaymentPage), a void behind a confirm
// dialog (D82), a payment's unapplied credit applied later where the kind has it, and the new payment
// in a dialog (PaymentForm). `?pay=<document>` opens the dialog with that document's balance offered
// ("Pay bill" on a bill).
import { Modal, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { SearchField } from '../../ui/ListFilters.tsx';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { NEWEST, newestFirst } from '../../ui/Pager.tsx';
import { RowAction, RowActions } from '../../ui/RowAction.tsx';
import { sortParam, withSortParam } from '../../ui/sorting.ts';
import { useListOrder } from '../../ui/useListOrder.ts';
import { useListSearch } from '../../ui/useListSearch.ts';
import { type Books, useBooks } from '../shell/books.tsx';
import { PaymentForm } from './PaymentForm.tsx';
import type { PaymentKind, PostedPayment } from './paymentKind.ts';
import { usePaymentActions } from './usePaymentActions.tsx';

export function PaymentList<Payment extends PostedPayment>({
  kind,
  usePreset,
}: {
  kind: PaymentKind<Payment>;
  /** The document `?pay=` names, read for its party and balance. */
  usePreset?: (id: string) => { party: string; id: string; balance_due: string } | undefined;
}) {
  const books = useBooks();
  const invalidate = useInvalidate();
  const refresh = () => invalidate(kind.written);
  const [params, setParams] = useSearchParams();
  const pay = params.get('pay');
  // A new order or search starts the list again: its newest page, or a sort's first ('').
  const { sort, setSort, cursor, setCursor, restart } = useListOrder<string>(kind.list.sorts, (order) =>
    order ? '' : NEWEST,
  );
  const search = useListSearch(restart);
  const { debounced } = search;
  const [recording, setRecording] = useState(pay !== null);
  const actions = usePaymentActions(kind, books, refresh);
  const list = useQuery(kind.list.query({ cursor, search: debounced, sort: sortParam(sort) }));
  if (!books) return null;
  const canWrite = kind.side.canWrite(books);
  const rows = sort ? (list.data?.results ?? []) : newestFirst(list.data?.results ?? []);
  const close = () => {
    setRecording(false);
    if (pay) setParams(withSortParam(new URLSearchParams(), sort));
  };
  return (
    <Page
      title={kind.plural}
      create={canWrite && { label: kind.newLabel, onClick: () => setRecording(true) }}
    >
      <SearchField placeholder={kind.list.search} {...search.field} />
      <PagedTable
        page={list}
        empty={debounced ? 'No payment matches this search.' : kind.list.empty}
        onPage={setCursor}
        newestFirst={!sort}
        rows={rows}
        rowKey={(payment) => payment.id}
        minWidth={kind.list.minWidth}
        cards
        sort={sort}
        onSort={setSort}
        columns={[
          ...kind.list.columns.map((column) =>
            column.key && kind.list.sorts.includes(column.key) ? { ...column, sortable: true } : column,
          ),
          canWrite && {
            header: 'Actions',
            cell: (payment: Payment) =>
              payment.status === 'posted' ? (
                <RowActions>
                  {actions.canApply(payment) ? (
                    <RowAction
                      label="Apply credit"
                      name={`Apply credit of ${payment.number}`}
                      onClick={() => actions.apply(payment)}
                    />
                  ) : null}
                  {actions.canVoid(payment) ? (
                    <RowAction
                      label="Void"
                      name={`Void ${payment.number}`}
                      tone="danger"
                      onClick={() => actions.void(payment)}
                    />
                  ) : null}
                </RowActions>
              ) : null,
          },
        ]}
      />
      {actions.dialogs}
      <Modal opened={recording} onClose={close} title={kind.newLabel} size="lg">
        {recording ? (
          <NewPayment
            kind={kind}
            books={books}
            pay={pay}
            usePreset={usePreset}
            onDone={() => {
              close();
              refresh();
            }}
          />
        ) : null}
      </Modal>
    </Page>
  );
}

/** The form, once the document `?pay=` names has arrived (its balance is offered once, not refetched). */
function NewPayment<Payment extends PostedPayment>({
  kind,
  books,
  pay,
  usePreset,
  onDone,
}: {
  kind: PaymentKind<Payment>;
  books: Books;
  pay: string | null;
  usePreset?: (id: string) => { party: string; id: string; balance_due: string } | undefined;
  onDone: () => void;
}) {
  const document = usePreset?.(pay ?? '');
  if (pay && usePreset && !document) return <Skeleton height={200} />;
  return (
    <PaymentForm
      kind={kind}
      books={books}
      preset={
        document ? { party: document.party, document: document.id, amount: document.balance_due } : undefined
      }
      onDone={onDone}
    />
  );
}
