// A form whose values live in the screen's own state (a deposit's ticks, a bank line's choices):
// submitting it runs `onSubmit`, never a page load; its fields stand one under the other.
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export function StackedForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">{children}</Stack>
    </form>
  );
}
