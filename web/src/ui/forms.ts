// validation_error fields (D11) next to their inputs: the API's paths ("lines/0/unit_price") become
// the form's ("lines.0.unit_price"); what matches no input is left for the notice above the form.
import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '../api/errors.ts';

export function showFieldErrors<T>(form: UseFormReturnType<T>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fields);
  if (entries.length === 0) return false;
  form.setErrors(
    Object.fromEntries(entries.map(([path, messages]) => [path.replace(/\//g, '.'), messages.join('; ')])),
  );
  return true;
}

/** The cursor of a page's `next` or `previous` URL. */
export function cursorOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, window.location.origin).searchParams.get('cursor') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Body fields with empty strings left out, so optional fields stay unset rather than "". */
export function withoutEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')) as Partial<T>;
}
