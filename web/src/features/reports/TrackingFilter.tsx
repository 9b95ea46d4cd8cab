// "Tracking option": narrows a report to the lines tagged with one option (D57's tracking_option),
// grouped by category. Empty means every line.
import { Select } from '@mantine/core';
import { useTrackingChoices } from '../settings/useTrackingChoices.ts';

export function TrackingFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const choices = useTrackingChoices({ includeInactive: true });
  if (choices.length === 0) return null;
  return (
    <Select
      label="Tracking option"
      placeholder="All lines"
      clearable
      searchable
      data={choices}
      value={value}
      onChange={onChange}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
