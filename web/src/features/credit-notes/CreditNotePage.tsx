// One credit note (D60). A draft (or a new one) is an editor with the invoice's lines and totals;
// "Issue" numbers it (CN-) and posts the mirror of an invoice's entry. An issued note's credit is
// applied to the customer's open invoices; a note with nothing applied can be voided.
import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, data, type ResponseOf } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { Picker } from '../../ui/Picker.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useActiveCustomers } from '../customers/useActiveCustomers.ts';
import { SalesLinesGrid, SalesLinesTable, useSalesLines } from '../invoices/SalesLines.tsx';
import { ApplyToInvoices } from '../payments/ApplyToInvoices.tsx';
import { type Books, useBooks } from '../shell/books.tsx';

type CreditNote = ResponseOf<'/api/v1/credit-notes/{id}', 'get', 200>;

/** What a credit-note write changes: the list, the invoices it credits, balances, the dashboard. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of ['credit-notes', 'invoices', 'customers', 'dashboard'])
      queryClient.invalidateQueries({ queryKey: [key] });
  };
}

export default function CreditNotePage() {
  const { id = 'new' } = useParams();
  const books = useBooks();
  const note = useQuery({
    queryKey: ['credit-notes', 'one', id],
    enabled: id !== 'new',
    queryFn: async () => data(await api.GET('/api/v1/credit-notes/{id}', { params: { path: { id } } })),
  });
  if (!books) return null;
  if (id === 'new') return <CreditNoteEditor books={books} />;
  if (note.error) return <ErrorNotice error={note.error} />;
  if (!note.data) return <Skeleton height={240} />;
  if (note.data.status === 'draft' && books.can.writeSales)
    return <CreditNoteEditor books={books} note={note.data} key={note.data.version} />;
  return <CreditNoteView books={books} note={note.data} key={note.data.id} />;
}

function CreditNoteEditor({ books, note }: { books: Books; note?: CreditNote }) {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [search] = useSearchParams();
  const customers = useActiveCustomers();
  const editor = useSalesLines(books, note?.lines);
  const [customer, setCustomer] = useState<string | null>(note?.customer ?? search.get('customer'));
  const [issueDate, setIssueDate] = useState(note?.issue_date ?? today());
  const [memo, setMemo] = useState(note?.memo ?? '');
  const [confirmingDelete, deleteDialog] = useDisclosure(false);
  const body = () => ({ customer: customer ?? '', issue_date: issueDate, memo, lines: editor.body() });
  const save = useMutation({
    mutationFn: async (issue: boolean) => {
      const saved = note
        ? data(
            await api.PATCH('/api/v1/credit-notes/{id}', {
              params: { path: { id: note.id } },
              body: { ...body(), version: note.version },
            }),
          )
        : data(await api.POST('/api/v1/credit-notes', { body: body() }));
      if (!issue) return saved;
      return data(
        await api.POST('/api/v1/credit-notes/{id}/issue', {
          params: { path: { id: saved.id } },
          body: { version: saved.version },
        }),
      );
    },
    onSuccess: (saved, issue) => {
      refresh();
      notify({
        color: 'teal',
        message: issue ? `Credit note ${saved.number} issued.` : 'Draft credit note saved.',
      });
      navigate(`/credit-notes/${saved.id}`, { replace: true });
    },
  });
  const remove = useMutation({
    mutationFn: async () => {
      if (note) data(await api.DELETE('/api/v1/credit-notes/{id}', { params: { path: { id: note.id } } }));
    },
    onSuccess: () => {
      refresh();
      notify({ message: 'Draft credit note deleted.' });
      navigate('/credit-notes');
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  return (
    <Page title={note ? 'Draft credit note' : 'New credit note'}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Picker
          noun="a customer"
          check={editor.pickers}
          label="Customer"
          required
          placeholder={customers.data?.length === 0 ? 'Create a customer first' : 'Choose a customer'}
          data={(customers.data ?? []).map((c) => ({ value: c.id, label: c.display_name }))}
          value={customer}
          onChange={setCustomer}
          error={fields.customer?.join('; ')}
          w={{ base: '100%', xs: 280 }}
        />
        <TextInput
          label="Issue date"
          type="date"
          value={issueDate}
          onChange={(e) => setIssueDate(e.currentTarget.value)}
          error={fields.issue_date?.join('; ')}
          w={180}
        />
        <TextInput
          label="Memo"
          placeholder="Why the customer is credited"
          value={memo}
          onChange={(e) => setMemo(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
      </Group>
      <ErrorNotice
        error={save.error}
        action={save.variables ? 'issue the credit note' : 'save the draft credit note'}
        onReload={() => navigate(0)}
      />
      <SalesLinesGrid books={books} editor={editor} fields={fields} />
      <Group justify="space-between">
        {note ? (
          <Button variant="subtle" color="red" onClick={deleteDialog.open}>
            Delete draft
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => save.mutate(false)}
            loading={save.isPending && !save.variables}
            disabled={editor.pickers.reason !== null}
          >
            Save draft
          </Button>
          <Button
            onClick={() => save.mutate(true)}
            loading={save.isPending && save.variables}
            disabled={!editor.totals || !customer || editor.pickers.reason !== null}
          >
            Issue
          </Button>
        </Group>
      </Group>
      {note ? (
        <ConfirmDialog
          opened={confirmingDelete}
          title={`Delete the draft credit note for ${note.customer_name}?`}
          confirm="Delete draft"
          onConfirm={() => remove.mutate()}
          onClose={() => {
            deleteDialog.close();
            remove.reset();
          }}
          loading={remove.isPending}
          error={remove.error}
        >
          <Text size="sm">
            The draft and its lines are deleted for good. It was never issued, so nothing in the books changes
            and no credit note number is used.
          </Text>
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}

function CreditNoteView({ books, note }: { books: Books; note: CreditNote }) {
  const refresh = useRefresh();
  const [applying, applyDialog] = useDisclosure(false);
  const [confirmingVoid, voidDialog] = useDisclosure(false);
  const voidIt = useMutation({
    mutationFn: async () =>
      data(
        await api.POST('/api/v1/credit-notes/{id}/void', {
          params: { path: { id: note.id } },
          body: { version: note.version },
        }),
      ),
    onSuccess: () => {
      voidDialog.close();
      refresh();
      notify({ message: `Credit note ${note.number} voided; its entry is reversed.` });
    },
  });
  const issued = note.status === 'issued';
  const canApply = books.can.writeSales && issued && parseMoney(note.remaining_credit) > 0n;
  // D60: a note with credit applied is not voided (the applications stand on the invoices).
  const canVoid = books.can.writeSales && issued && parseMoney(note.amount_applied) === 0n;
  return (
    <Page
      title={`Credit note ${note.number ?? ''}`}
      actions={
        <>
          {canApply ? <Button onClick={applyDialog.open}>Apply credit</Button> : null}
          {canVoid ? (
            <Button variant="subtle" color="red" onClick={voidDialog.open}>
              Void
            </Button>
          ) : null}
        </>
      }
    >
      <Group gap="sm">
        <StatusBadge status={note.status} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/customers/${note.customer}`}>
            {note.customer_name}
          </Anchor>{' '}
          · {formatDate(note.issue_date)}
          {note.memo ? ` · ${note.memo}` : ''}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Total" amount={note.total} currency={note.currency} />
        <Figure label="Applied" amount={note.amount_applied} currency={note.currency} />
        <Figure label="Remaining credit" amount={note.remaining_credit} currency={note.currency} />
      </SimpleGrid>
      <SalesLinesTable lines={note.lines} currency={note.currency} />
      <Text fw={600}>Applied to</Text>
      {note.applications.length === 0 ? (
        <Text size="sm" c="dimmed">
          {issued ? 'Not applied to an invoice yet.' : 'Nothing was applied.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {note.applications.map((application) => (
                <Table.Tr key={`${application.invoice_id}-${application.applied_date}-${application.amount}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/invoices/${application.invoice_id}`}>
                      {application.invoice_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(application.applied_date)}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={application.amount} currency={note.currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={confirmingVoid}
        title={`Void credit note ${note.number}?`}
        confirm={`Void ${note.number}`}
        onConfirm={() => voidIt.mutate()}
        onClose={() => {
          voidDialog.close();
          voidIt.reset();
        }}
        loading={voidIt.isPending}
        error={voidIt.error}
      >
        <Text size="sm">
          A reversing entry dated today (or the issue date, if that is later) takes the note out of the books:
          {` ${note.customer_name}`} loses its {formatAmount(note.total, note.currency)} of credit and owes
          that much again. The note stays on file marked void and its number stays used. A void cannot be
          undone.
        </Text>
      </ConfirmDialog>
      <Modal opened={applying} onClose={applyDialog.close} title={`Apply ${note.number}`} size="lg">
        <ApplyToInvoices
          books={books}
          customer={note.customer}
          available={note.remaining_credit}
          intro={
            <>
              {note.customer_name} has{' '}
              <Money amount={note.remaining_credit} currency={books.currency} strong /> of credit left on{' '}
              {note.number}.
            </>
          }
          apply={async (applications) => {
            data(
              await api.POST('/api/v1/credit-notes/{id}/apply', {
                params: { path: { id: note.id } },
                body: { applications, version: note.version },
              }),
            );
          }}
          onDone={() => {
            refresh();
            applyDialog.close();
            notify({ color: 'teal', message: `Credit of ${note.number} applied.` });
          }}
        />
      </Modal>
    </Page>
  );
}

function Figure({ label, amount, currency }: { label: string; amount: string; currency: string }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Money amount={amount} currency={currency} strong />
    </Card>
  );
}
