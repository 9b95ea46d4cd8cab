// First: its popstate listener must be added before the router's (ui/historyGate.ts).
import './ui/historyGate.ts';
import './ui/first-page-styles.ts';
import './ui/print.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, openingCode, opensSignedIn } from './App.tsx';
import { ApiError } from './api/errors.ts';
import { meQuery, organizationQuery } from './api/queries/settings.ts';
import { getSession } from './api/session.ts';
import { cssVariablesResolver, theme } from './ui/theme.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refusal is an answer: only a network failure or a 5xx is worth asking again.
      retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status >= 500),
      refetchOnWindowFocus: false,
    },
  },
});

// The signed-in frame's first two questions (who is signed in, the remembered books: books.tsx asks
// the same on trust) leave now, beside the opening code, instead of after it has loaded and rendered:
// a first visit's dashboard waits one round trip less. A signed-out tab, or an address of the
// signed-out pages, asks nothing.
const session = getSession();
if (opensSignedIn && session.status !== 'signed-out') {
  void queryClient.prefetchQuery(meQuery());
  if (session.organizationId) {
    void queryClient.prefetchQuery(organizationQuery(session.organizationId));
    // The dashboard's own questions follow as soon as those two are answered (Dashboard.tsx).
    const organizationId = session.organizationId;
    if (window.location.pathname === '/')
      void import('./features/dashboard/Dashboard.tsx').then((dashboard) =>
        dashboard.prefetchFigures(queryClient, organizationId),
      );
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// Rendered once the opening screen's code is here (App.tsx, openingCode): no fallback, no 300 ms
// hold. A chunk that fails to load is the screen's to report, so the app renders anyway.
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {/* Bottom right: a notice never covers the page title's actions (Record payment, Download PDF). */}
        <Notifications position="bottom-right" />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
openingCode.then(render, render);
