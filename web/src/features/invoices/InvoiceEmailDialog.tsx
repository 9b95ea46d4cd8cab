// "Email" on an invoice (issue 21): To (the customer's email, or empty and required when they have
// none), Subject and Message with editable first words, the PDF attached by the service. The send is
// queued in the outbox (D62), or only recorded in sandbox books (D29).
import { Button, Group, Modal, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import { customerQuery } from '../../api/queries/contacts.ts';
import type { Invoice } from '../../api/queries/invoices.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { showFieldErrors } from '../../ui/forms.ts';
import { notify } from '../../ui/notify.ts';
import { byId } from '../documents/kind.ts';
import type { Books } from '../shell/books.tsx';
import { emailDefaults } from './emailDefaults.ts';

export function InvoiceEmailDialog({
  invoice,
  books,
  opened,
  onClose,
  onSent,
}: {
  invoice: Invoice;
  books: Books;
  opened: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const customer = useQuery({ ...customerQuery(invoice.customer), enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={`Email invoice ${invoice.number}`} size="lg">
      {customer.error ? <ErrorNotice error={customer.error} /> : null}
      {customer.data ? (
        <EmailForm
          invoice={invoice}
          books={books}
          customerEmail={customer.data.email ?? ''}
          onClose={onClose}
          onSent={onSent}
        />
      ) : customer.error ? null : (
        <Skeleton height={280} />
      )}
    </Modal>
  );
}

function EmailForm({
  invoice,
  books,
  customerEmail,
  onClose,
  onSent,
}: {
  invoice: Invoice;
  books: Books;
  customerEmail: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const form = useForm({
    initialValues: { to: customerEmail, ...emailDefaults(invoice, books.name) },
    validate: {
      to: (value) => (value.trim() === '' ? 'Enter the address to send the invoice to.' : null),
      subject: (value) => (value.trim() === '' ? 'Enter a subject.' : null),
    },
  });
  const send = useMutation({
    mutationFn: async (values: typeof form.values) =>
      data(
        await api.POST('/api/v1/invoices/{id}/email', {
          ...byId(invoice.id),
          body: {
            to: values.to.trim(),
            subject: values.subject,
            message: values.message,
            version: invoice.version,
          },
        }),
      ),
    onSuccess: () => {
      onSent();
      onClose();
      notify({
        color: 'teal',
        message:
          books.mode === 'sandbox'
            ? `Email to ${form.values.to.trim()} recorded (sandbox books never send).`
            : `Email to ${form.values.to.trim()} queued; it leaves shortly.`,
      });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
      <Stack gap="sm">
        <ErrorNotice
          error={send.error}
          action={`email invoice ${invoice.number}`}
          labels={{ to: 'To', subject: 'Subject', message: 'Message' }}
        />
        <TextInput
          label="To"
          type="email"
          required
          data-autofocus={customerEmail === '' ? true : undefined}
          description={
            customerEmail === ''
              ? `${invoice.customer_name} has no email address on file: enter the address to send this invoice to.`
              : undefined
          }
          {...form.getInputProps('to')}
        />
        <TextInput label="Subject" required {...form.getInputProps('subject')} />
        <Textarea label="Message" autosize minRows={6} maxRows={14} {...form.getInputProps('message')} />
        <Text size="sm" c="dimmed">
          The invoice PDF is attached.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
