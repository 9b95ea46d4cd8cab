// What can be done to a posted payment, on its list and on its own page alike: apply its unapplied
// credit later where the kind has it (D61), and void it behind the confirm dialog that says what the
// void does (D82). The caller shows the buttons; the dialogs are rendered once, wherever it puts them.
import { Modal } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { parseMoney } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Sentences } from '../../ui/Sentences.tsx';
import { ApplyCredit } from '../documents/ApplyCredit.tsx';
import type { Books } from '../shell/books.tsx';
import type { PaymentKind, PostedPayment } from './paymentKind.ts';

export function usePaymentActions<Payment extends PostedPayment>(
  kind: PaymentKind<Payment>,
  books: Books | null | undefined,
  refresh: () => void,
) {
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
  const { credit } = kind;
  const canWrite = books ? kind.side.canWrite(books) : false;
  const posted = (payment: Payment) => canWrite && payment.status === 'posted';
  return {
    /** Whether the person may apply the payment's credit now: posted, with some left. */
    canApply: (payment: Payment) =>
      posted(payment) && credit !== undefined && parseMoney(credit.remaining(payment)) > 0n,
    canVoid: (payment: Payment) => posted(payment) && kind.void.allowed(payment),
    apply: setApplying,
    void: setVoiding,
    dialogs: books ? (
      <>
        <ConfirmDialog
          opened={voiding !== null}
          title={voiding ? kind.void.title(voiding) : ''}
          confirm={voiding ? kind.void.confirm(voiding) : 'Void payment'}
          onConfirm={() => voiding && voidPayment.mutate(voiding)}
          onClose={() => setVoiding(null)}
          mutation={voidPayment}
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
      </>
    ) : null,
  };
}
