// A date, typed or picked in the browser's own date input, handed on as its text ("2026-03-17", or
// "" when cleared): the filters' From and To, a form's date.
import { TextInput, type TextInputProps } from '@mantine/core';

export function DateField({
  value,
  onChange,
  ...input
}: { value: string; onChange: (date: string) => void } & Omit<
  TextInputProps,
  'value' | 'onChange' | 'type'
>) {
  return (
    <TextInput
      type="date"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...input}
    />
  );
}
