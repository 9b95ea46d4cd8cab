import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
  // Visible keyboard focus on every control (D46: the app works with the keyboard alone).
  focusRing: 'auto',
});
