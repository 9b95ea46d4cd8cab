// One contact of any kind (a customer, a vendor): status and details, the kind's figures, the open
// documents (invoices, bills) with what is due on each, the kind's sections (a customer's statement,
// D92), and edit in a dialog (412 stale_write offers a reload).
import { Anchor, Button, Group, Modal, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Figures } from '../../ui/Figures.tsx';
import { Money } from '../../ui/Money.tsx';
import { Page, Section } from '../../ui/Page.tsx';
import { ReadTable } from '../../ui/PagedTable.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { TERMS } from '../customers/ContactForm.tsx';
import { useBooks } from '../shell/books.tsx';
import type { ContactBase, ContactKind } from './kind.ts';

export function ContactPage<Contact extends ContactBase>({ kind }: { kind: ContactKind<Contact> }) {
  const { id = '' } = useParams();
  const books = useBooks();
  const navigate = useNavigate();
  const [editing, { open, close }] = useDisclosure(false);
  const contact = useQuery(kind.one(id));
  const documents = kind.side.useOpenDocuments(id);
  if (!books) return null;
  if (contact.error) return <ErrorNotice error={contact.error} />;
  if (!contact.data) return <Skeleton height={200} />;
  const c = contact.data;
  const { side, page } = kind;
  const newDocument = page.newDocument?.(c);
  const every = page.everyDocument?.(c);
  const Sections = page.Sections;
  const rows = documents.data ?? [];
  return (
    <Page
      title={c.display_name}
      actions={
        side.canWrite(books) ? (
          <>
            {newDocument ? (
              <Button onClick={() => navigate(newDocument.path)}>{newDocument.label}</Button>
            ) : null}
            <Button variant="default" onClick={open}>
              Edit
            </Button>
          </>
        ) : null
      }
    >
      <Group gap="xs">
        <StatusBadge status={c.is_active ? 'active' : 'inactive'} />
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[c.email, c.phone, TERMS.find((t) => t.value === c.payment_terms)?.label]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Group>
      <Figures figures={page.figures(c, !documents.data)} currency={books.currency} />
      <Section
        title={`Open ${side.documentNoun}s`}
        action={
          every ? (
            <Anchor component={Link} to={every.path} size="sm">
              {every.label}
            </Anchor>
          ) : null
        }
      >
        <ReadTable
          read={documents}
          empty={page.noneOpen}
          rows={rows}
          rowKey={(document) => document.id}
          minWidth={300}
          striped={false}
          columns={[
            {
              header: 'Number',
              cell: (document) => (
                <>
                  <Anchor component={Link} to={`${side.documentsPath}/${document.id}`}>
                    {document.number}
                  </Anchor>
                  {document.reference ? (
                    <Text size="xs" c="dimmed">
                      ref. {document.reference}
                    </Text>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Due',
              cell: (document) =>
                `${formatDate(document.due_date)}${document.days_overdue > 0 ? ` (${document.days_overdue} days overdue)` : ''}`,
            },
            {
              header: 'Balance due',
              align: 'right',
              cell: (document) => <Money amount={document.balance_due} currency={books.currency} />,
            },
          ]}
        />
      </Section>
      {Sections ? <Sections contact={c} books={books} /> : null}
      <Modal opened={editing} onClose={close} title={`Edit ${side.party}`}>
        <kind.Form
          contact={c}
          key={c.version}
          onSaved={() => {
            close();
            contact.refetch();
          }}
          onReload={() => {
            close();
            contact.refetch();
          }}
        />
      </Modal>
    </Page>
  );
}
