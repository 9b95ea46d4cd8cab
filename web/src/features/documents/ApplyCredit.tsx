// Spending credit on a party's open documents: a payment's unapplied amount (D61) or a credit note's
// remaining credit (D60) on a customer's open invoices; a vendor credit's on a vendor's open bills
// (D87). One amount per open document, the rest shown as it is typed (exact, with the shared money
// rules), and the API's refusal in words.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, parseMoney, readAmount } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import type { Books } from '../shell/books.tsx';
import type { SideDescriptor } from './sides.ts';

/** An amount for one open document; the caller names the id as its API does (invoice_id, bill_id). */
export interface Application {
  id: string;
  amount: string;
}

/** The typed amounts that are not empty, as applications. */
export const applicationsOf = (applied: Record<string, string>): Application[] =>
  Object.entries(applied)
    .filter(([, value]) => value.trim() !== '')
    .map(([id, value]) => ({ id, amount: value.trim() }));

/** The sum of the applications, or null while one is not a number. */
export const sumOf = (applications: Application[]): bigint | null =>
  applications.reduce<bigint | null>((sum, { amount }) => {
    const units = readAmount(amount);
    return sum === null || units === null ? null : sum + units;
  }, 0n);

export function ApplyCredit({
  side,
  books,
  party,
  available,
  intro,
  apply,
  onDone,
}: {
  side: SideDescriptor;
  books: Books;
  party: string;
  /** The credit there is to spend (a decimal string of the API). */
  available: string;
  intro: ReactNode;
  apply: (applications: Application[]) => Promise<void>;
  onDone: () => void;
}) {
  const [applied, setApplied] = useState<Record<string, string>>({});
  const open = side.useOpenDocuments(party);
  const applications = applicationsOf(applied);
  const sum = sumOf(applications);
  const rest = sum === null ? null : parseMoney(available) - sum;
  const send = useMutation({ mutationFn: () => apply(applications), onSuccess: onDone });
  const documents = open.data ?? [];
  return (
    <Stack gap="sm">
      <ErrorNotice error={send.error} />
      <Text size="sm">{intro}</Text>
      {open.isSuccess && documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          This {side.party} has no open {side.documentNoun} to apply it to.
        </Text>
      ) : null}
      {documents.map((document) => (
        <TextInput
          key={document.id}
          label={`Apply to ${document.number} (due ${formatAmount(document.balance_due, books.currency)})`}
          inputMode="decimal"
          value={applied[document.id] ?? ''}
          onChange={(e) => setApplied({ ...applied, [document.id]: e.currentTarget.value })}
        />
      ))}
      <Text size="sm" role="status" c={rest !== null && rest < 0n ? 'red.9' : undefined}>
        {rest === null
          ? 'Enter amounts as numbers.'
          : rest < 0n
            ? 'The applications exceed the credit there is.'
            : `Left unapplied: ${formatAmount(rest, books.currency)}`}
      </Text>
      <Group justify="flex-end">
        <Button
          onClick={() => send.mutate()}
          loading={send.isPending}
          disabled={applications.length === 0 || rest === null || rest < 0n}
        >
          Apply credit
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A credit document's "Apply credit" button and dialog, offered while it has credit left and the
 * person may write: a credit note's on the customer's open invoices (D60), a vendor credit's on the
 * vendor's open bills (D87).
 */
export function useApplyCredit({
  side,
  books,
  credit,
  apply,
  refresh,
}: {
  side: SideDescriptor;
  books: Books;
  /** `remaining` is the credit left to apply ("0" while it cannot be applied, a draft or a void). */
  credit: { number: string | null; party: string; partyName: string; remaining: string };
  apply: (applications: Application[]) => Promise<void>;
  refresh: () => void;
}) {
  const [applying, dialog] = useDisclosure(false);
  const canApply = side.canWrite(books) && parseMoney(credit.remaining) > 0n;
  return {
    buttons: canApply ? <Button onClick={dialog.open}>Apply credit</Button> : null,
    dialogs: (
      <Modal opened={applying} onClose={dialog.close} title={`Apply ${credit.number}`} size="lg">
        <ApplyCredit
          side={side}
          books={books}
          party={credit.party}
          available={credit.remaining}
          intro={
            <>
              {credit.partyName} has <Money amount={credit.remaining} currency={books.currency} strong /> of
              credit left on {credit.number}.
            </>
          }
          apply={apply}
          onDone={() => {
            refresh();
            dialog.close();
            notify({ color: 'teal', message: `Credit of ${credit.number} applied.` });
          }}
        />
      </Modal>
    ),
  };
}
