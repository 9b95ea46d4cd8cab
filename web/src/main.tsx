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
import { App, openingCode } from './App.tsx';
import { ApiError } from './api/errors.ts';
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
