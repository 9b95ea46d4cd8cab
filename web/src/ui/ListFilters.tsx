// The filters above a list: a search box and a labelled status choice. Changing either starts the
// list again at its first page (`onChange` is where the screen resets its cursor).
import { NativeSelect, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId } from 'react';
import { PHONE_QUERY } from './DataTable.tsx';

export function SearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
}) {
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 260 }}
    />
  );
}

export function StatusFilter({
  value,
  onChange,
  options,
}: {
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const label = useId();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  // Five or six segments are wider than a phone: there the choice is a select.
  if (phone && options.length > 4) {
    return (
      <NativeSelect
        label="Status"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={options}
        w={{ base: '100%', xs: 200 }}
      />
    );
  }
  return (
    <div>
      <Text size="sm" fw={500} id={label} mb={2}>
        Status
      </Text>
      <SegmentedControl aria-labelledby={label} value={value} onChange={onChange} data={options} />
    </div>
  );
}
