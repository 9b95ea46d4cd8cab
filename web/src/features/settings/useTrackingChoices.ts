// Tracking options as choices for a Select, grouped under their category: the report filters
// (every option, inactive ones too, since old lines carry them) and the line editors (active only).
import { useQuery } from '@tanstack/react-query';
import { trackingCategoriesQuery } from '../../api/queries/settings.ts';

export type TrackingChoiceGroup = { group: string; items: { value: string; label: string }[] };

export function useTrackingCategories() {
  return useQuery(trackingCategoriesQuery());
}

export function useTrackingChoices({ includeInactive }: { includeInactive: boolean }): TrackingChoiceGroup[] {
  const categories = useTrackingCategories();
  return (categories.data?.results ?? [])
    .filter((category) => includeInactive || category.is_active)
    .map((category) => ({
      group: category.name,
      items: category.options
        .filter((option) => includeInactive || option.is_active)
        .map((option) => ({
          value: option.id,
          label: option.is_active ? option.name : `${option.name} (inactive)`,
        })),
    }))
    .filter((group) => group.items.length > 0);
}

/** "Region: East, Project: Alpha" for a line's option ids (an unknown id is left out). */
export function useTrackingNames(): (options: readonly string[]) => string {
  const categories = useTrackingCategories();
  return (options) =>
    options
      .flatMap((id) =>
        (categories.data?.results ?? []).flatMap((category) =>
          category.options
            .filter((option) => option.id === id)
            .map((option) => `${category.name}: ${option.name}`),
        ),
      )
      .join(', ');
}
