// Every list of payments (received, D61; to vendors, D55): newest first, a void behind a confirm
// dialog (D82), a payment's unapplied credit applied later where the kind has it, and the new payment
// in a dialog (PaymentForm). `?pay=<document>` opens the dialog with that document's balance offered
// ("Pay bill" on a bill).
import { Button, Group, Modal, Skeleton } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { parseMoney } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { NEWEST, newestFirst } from '../../ui/Pager.tsx';
import { Sentences } from '../../ui/Sentences.tsx';
import { ApplyCredit } from '../documents/ApplyCredit.tsx';
import { type Books, useBooks } from '../shell/books.tsx';
import { PaymentForm } from './PaymentForm.tsx';
import type { PaymentKind, PostedPayment } from './paymentKind.ts';

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
  const [cursor, setCursor] = useState(NEWEST);
  const [recording, setRecording] = useState(pay !== null);
  const [applying, setApplying] = useState<Payment | null>(null);
  const [voiding, setVoiding] = useState<Payment | null>(null);
  const voidPayment = useMutation({
    mutationFn: (payment: Payment) => kind.void.run(payment),
    onSuccess: (payment) => {
      setVoiding(null);
      refresh();
      notify({ message: kind.void.done(payment) });
    },
  });
  const list = useQuery(kind.list.query(cursor));
  if (!books) return null;
  const canWrite = kind.side.canWrite(books);
  const rows = newestFirst(list.data?.results ?? []);
  const close = () => {
    setRecording(false);
    if (pay) setParams({});
  };
  const { credit } = kind;
  return (
    <Page
      title={kind.plural}
      actions={
        canWrite ? (
          <Button size="sm" onClick={() => setRecording(true)}>
            {kind.newLabel}
          </Button>
        ) : null
      }
    >
      <PagedTable
        page={list}
        empty={kind.list.empty}
        onPage={setCursor}
        newestFirst
        rows={rows}
        rowKey={(payment) => payment.id}
        minWidth={kind.list.minWidth}
        cards
        columns={[
          ...kind.list.columns,
          canWrite && {
            header: 'Actions',
            cell: (payment: Payment) =>
              payment.status === 'posted' ? (
                <Group gap={4} wrap="nowrap">
                  {credit && parseMoney(credit.remaining(payment)) > 0n ? (
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => setApplying(payment)}
                      aria-label={`Apply credit of ${payment.number}`}
                    >
                      Apply credit
                    </Button>
                  ) : null}
                  {kind.void.allowed(payment) ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setVoiding(payment)}
                      aria-label={`Void ${payment.number}`}
                    >
                      Void
                    </Button>
                  ) : null}
                </Group>
              ) : null,
          },
        ]}
      />
      <ConfirmDialog
        opened={voiding !== null}
        title={voiding ? kind.void.title(voiding) : ''}
        confirm={voiding ? kind.void.confirm(voiding) : 'Void payment'}
        onConfirm={() => voiding && voidPayment.mutate(voiding)}
        onClose={() => {
          setVoiding(null);
          voidPayment.reset();
        }}
        loading={voidPayment.isPending}
        error={voidPayment.error}
      >
        {voiding ? <Sentences text={kind.void.text(voiding)} /> : null}
      </ConfirmDialog>
      {credit ? (
        <Modal opened={applying !== null} onClose={() => setApplying(null)} title="Apply credit">
          {applying ? (
            <ApplyCredit
              side={kind.side}
              books={books}
              party={credit.partyOf(applying)}
              available={credit.remaining(applying)}
              intro={credit.intro(applying)}
              apply={(applications) => credit.apply(applying, applications)}
              onDone={() => {
                notify({ color: 'teal', message: `Credit of ${applying.number} applied.` });
                setApplying(null);
                refresh();
              }}
            />
          ) : null}
        </Modal>
      ) : null}
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
