// A form's save and what every form does after it (issue 19: a dozen forms wrote these lines
// each). Saved: what the write makes stale is invalidated (the map in api/queries/invalidate.ts),
// a notice says so when the form gives one, and the answer goes to the screen. Refused: the
// validation_error fields go next to their inputs (D11); the rest is for the notice above the form.
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useInvalidate, type Written } from '../api/queries/invalidate.ts';
import { showFieldErrors } from './forms.ts';
import { notify } from './notify.ts';

export function useFormMutation<Values, Saved>(
  form: UseFormReturnType<Values>,
  {
    save,
    written,
    notice,
    onSaved,
    onRefused,
  }: {
    save: (values: Values) => Promise<Saved>;
    /** The resource the save writes. */
    written: Written;
    /** The notice once saved ("Organization saved."). */
    notice?: (saved: Saved) => string;
    onSaved?: (saved: Saved) => void;
    /** After the fields are shown (`shown`: some field took a message). */
    onRefused?: (error: Error, shown: boolean) => void;
  },
) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      invalidate(written);
      if (notice) notify({ color: 'teal', message: notice(saved) });
      onSaved?.(saved);
    },
    onError: (error) => {
      const shown = showFieldErrors(form, error);
      onRefused?.(error, shown);
    },
  });
}
