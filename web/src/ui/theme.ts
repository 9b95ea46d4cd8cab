import {
  Anchor,
  CloseButton,
  type CloseButtonProps,
  type CSSVariablesResolver,
  createTheme,
} from '@mantine/core';
// The inputs' focus ring, beside the theme's own ring for buttons and links (issue 21).
import './focus.css';

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 on white is 4.9:1 (WCAG AA for text); Mantine's default shade 6 is under 3:1 (axe-core).
  primaryShade: { light: 9, dark: 7 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
  // Visible keyboard focus on every control (D46: the app works with the keyboard alone).
  focusRing: 'auto',
  components: {
    // Links are underlined: told apart from text by more than colour (axe-core link-in-text-block).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Mantine's close buttons (dialogs, notifications) have an icon and no name: give them one.
    CloseButton: CloseButton.extend({ defaultProps: { 'aria-label': 'Close' } as Partial<CloseButtonProps> }),
  },
});

/** Secondary ("dimmed") text dark enough to read: gray 7 is 7:1 on white, Mantine's gray 6 is 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7] ?? '#495057',
    // Error text under inputs: red 8 is 5.6:1 on white; the default red 6 is 3.6:1.
    '--mantine-color-error': resolved.colors.red[8] ?? '#e03131',
  },
  dark: {},
});
