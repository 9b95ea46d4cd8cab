// An amount field (issue 21): typed as the person likes ("1234.5"), shown formatted once left
// ("1,234.50", the currency's decimals). Only the display changes: `value`, and so what is sent, stays
// the exact decimal string typed (D45), and focusing the field shows it again for editing.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { formatTypedAmount } from './money.ts';

export interface AmountInputProps extends Omit<TextInputProps, 'value'> {
  value: string;
  /** The books' currency, for its decimals (2 for USD, 0 for JPY). */
  currency?: string;
}

export function AmountInput({ value, currency, onFocus, onBlur, styles, ...props }: AmountInputProps) {
  const [editing, setEditing] = useState(false);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={editing ? value : formatTypedAmount(value, currency)}
      onFocus={(event) => {
        // Shown as typed at once, in the DOM, and selected whole: typing replaces the amount as in any
        // field entered by Tab (a re-render after the focus would lose the selection).
        const input = event.currentTarget;
        if (input.value !== value) {
          input.value = value;
          input.select();
        }
        setEditing(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setEditing(false);
        onBlur?.(event);
      }}
      styles={styles ?? { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
