// "Tracking" on an invoice or journal line: active options grouped by category, one per category.
import { MultiSelect, Table } from '@mantine/core';
import { onePerCategory } from './trackingChoice.ts';
import { useTrackingCategories, useTrackingChoices } from './useTrackingChoices.ts';

/** Whether an editor shows its Tracking column: the books have an active option, or a line names one. */
export function useShowsTracking(lines: { tracking_options: string[] }[]): boolean {
  const hasTracking = useTrackingChoices({ includeInactive: false }).length > 0;
  return hasTracking || lines.some((line) => line.tracking_options.length > 0);
}

/** The Tracking cell of line `n` of a lines grid. */
export function TrackingCell({
  n,
  value,
  onChange,
  error,
}: {
  n: number;
  value: string[];
  onChange: (options: string[]) => void;
  error?: string | undefined;
}) {
  return (
    <Table.Td>
      <TrackingPicker label={`Tracking of line ${n}`} value={value} onChange={onChange} error={error} />
    </Table.Td>
  );
}

export function TrackingPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string[];
  onChange: (options: string[]) => void;
  error?: string | undefined;
}) {
  const categories = useTrackingCategories();
  const choices = useTrackingChoices({ includeInactive: false });
  const categoryOf = (option: string) =>
    categories.data?.results.find((category) => category.options.some((o) => o.id === option))?.id;
  return (
    <MultiSelect
      aria-label={label}
      placeholder={value.length === 0 ? 'None' : undefined}
      data={choices}
      value={value}
      onChange={(next) => onChange(onePerCategory(value, next, categoryOf))}
      error={error}
      clearable
      searchable
    />
  );
}
