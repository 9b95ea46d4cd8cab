// The books' place and year as sign-up asks them and More, Organization changes them: the same
// pickers, so the two never offer different lists.
import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { countryOptions, MONTHS } from './places.ts';

type Props = Omit<SelectProps, 'data' | 'label'>;

export function CountrySelect(props: Props) {
  const countries = useMemo(countryOptions, []);
  // Some 250 countries: the first 60 matches are listed as the person types.
  return <Select label="Country" searchable allowDeselect={false} data={countries} limit={60} {...props} />;
}

export function FiscalYearStartSelect(props: Props) {
  return <Select label="Fiscal year starts in" allowDeselect={false} data={MONTHS} {...props} />;
}
