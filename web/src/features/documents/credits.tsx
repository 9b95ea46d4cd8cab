// What a credit document's page adds to the shared view, one for both sides: a credit note (D60) on
// a customer's invoices, a vendor credit (D87) on a vendor's bills. "Apply credit" while some is
// left, and the section listing the documents the credit went to.
import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/dates.ts';
import { Money } from '../../ui/Money.tsx';
import type { Books } from '../shell/books.tsx';
import { type Application, useApplyCredit } from './ApplyCredit.tsx';
import { capitalized, type RemoveDraft, type ViewExtras } from './kind.ts';
import type { SideDescriptor } from './sides.ts';

/** A credit document as its view reads it. */
interface CreditDocument {
  number: string | null;
  status: string;
  remaining_credit: string;
  currency: string;
}

/** One application of the credit, named as the side's documents are (an invoice's id and number, a bill's). */
export interface Applied {
  documentId: string;
  documentNumber: string;
  applied_date: string;
  amount: string;
}

/**
 * A credit's draft is deleted for good: never issued, it used no number and moved nothing (D60,
 * D87). `whose` names its party ("for Grace Hopper", "from Acme Wholesale").
 */
export function deleteCreditDraft<Doc>(
  noun: string,
  whose: (doc: Doc) => string,
  remove: (doc: Doc) => Promise<unknown>,
): RemoveDraft<Doc> {
  return {
    label: 'Delete draft',
    title: (doc) => `Delete the draft ${noun} ${whose(doc)}?`,
    confirm: () => 'Delete draft',
    text: () => [
      `The draft and its lines are deleted for good. It was never issued, so nothing in the books changes and no ${noun} number is used.`,
    ],
    run: remove,
    done: () => `Draft ${noun} deleted.`,
    after: 'list',
  };
}

export function creditView<Doc extends CreditDocument>(
  side: SideDescriptor,
  {
    party,
    applied,
    apply,
  }: {
    party: (doc: Doc) => { id: string; name: string };
    applied: (doc: Doc) => Applied[];
    /** The API's apply of `applications` to the party's open documents. */
    apply: (doc: Doc, applications: Application[]) => Promise<void>;
  },
) {
  /** "Apply credit" while the credit has some left: an amount per open document of its party. */
  const useExtras = (doc: Doc, books: Books, refresh: () => void): ViewExtras =>
    useApplyCredit({
      side,
      books,
      refresh,
      credit: {
        number: doc.number,
        party: party(doc).id,
        partyName: party(doc).name,
        remaining: doc.status === 'issued' ? doc.remaining_credit : '0',
      },
      apply: (applications) => apply(doc, applications),
    });
  /** The documents the credit went to. */
  const Sections = ({ doc }: { doc: Doc; books: Books }): ReactNode => {
    const rows = applied(doc);
    return (
      <>
        <Text fw={600}>Applied to</Text>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {doc.status === 'issued' ? `Not applied to ${side.aDocument} yet.` : 'Nothing was applied.'}
          </Text>
        ) : (
          <DataTable
            rows={rows}
            rowKey={(a) => `${a.documentId}-${a.applied_date}-${a.amount}`}
            minWidth={360}
            columns={[
              {
                header: capitalized(side.documentNoun),
                cell: (a) => (
                  <Anchor component={Link} to={`${side.documentsPath}/${a.documentId}`}>
                    {a.documentNumber}
                  </Anchor>
                ),
              },
              { header: 'Date', cell: (a) => formatDate(a.applied_date) },
              {
                header: 'Amount',
                align: 'right',
                cell: (a) => <Money amount={a.amount} currency={doc.currency} />,
              },
            ]}
          />
        )}
      </>
    );
  };
  return { useExtras, Sections };
}
