import { Alert } from '@mantine/core';
import { Page } from './Page.tsx';

/** A screen of the navigation (D43) the app does not have yet: said plainly, with where to go. */
export function NotYet({ title, what }: { title: string; what: string }) {
  return (
    <Page title={title}>
      <Alert color="gray" title="Not yet in the app">
        {what} is not yet in the app. The API already offers it: see the API reference at /docs.
      </Alert>
    </Page>
  );
}
