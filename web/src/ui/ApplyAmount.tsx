// The amount applied to one open document (a payment against an invoice, a bill payment against a
// bill) with its "Full" button: the input takes the room left and the button never shrinks, so
// "Full" is not clipped in a 390 px dialog (issue 21). The amount formats once left (AmountInput).
import { Button, Group } from '@mantine/core';
import { AmountInput } from './AmountInput.tsx';

export function ApplyAmount({
  label,
  fullLabel,
  value,
  onChange,
  onFull,
  error,
  currency,
}: {
  /** The input's name: "Apply to INV-000012". */
  label: string;
  /** The button's name: "Pay INV-000012 in full". */
  fullLabel: string;
  value: string;
  onChange: (text: string) => void;
  /** Fills the document's balance (and whatever else the form fills with it). */
  onFull: () => void;
  error?: string | undefined;
  currency: string;
}) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <AmountInput
        aria-label={label}
        currency={currency}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button
        variant="default"
        size="sm"
        px="xs"
        style={{ flexShrink: 0 }}
        aria-label={fullLabel}
        onClick={onFull}
      >
        Full
      </Button>
    </Group>
  );
}
