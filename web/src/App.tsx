// Routes of the app (D43). Screens load on demand, so the first page carries only what it needs;
// the screen of the address the app opens on starts loading at once, the rest once it is shown.
import { Center, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoginPage } from './features/auth/AuthPages.tsx';
import { useSession } from './features/shell/books.tsx';
import { Page } from './ui/Page.tsx';
import { preloadEveryScreen, type Screen, screen } from './ui/screens.tsx';

// The signed-in frame (navigation, header, books switcher) is a chunk of its own: the log-in page, a
// first visit's page, does not download it (issue 21: a cold log-in page under 150 KB).
const Shell = screen(() =>
  import('./features/shell/Shell.tsx').then((module) => ({ default: module.Shell })),
);
// Sign-up and the emailed links' pages load on demand too: the log-in page is the only one in the entry.
const SignupPage = screen(() => import('./features/auth/SignupPage.tsx'));
const ForgotPasswordPage = screen(() =>
  import('./features/auth/LinkPages.tsx').then((module) => ({ default: module.ForgotPasswordPage })),
);
const ResetPasswordPage = screen(() =>
  import('./features/auth/LinkPages.tsx').then((module) => ({ default: module.ResetPasswordPage })),
);
const AcceptInvitationPage = screen(() =>
  import('./features/auth/LinkPages.tsx').then((module) => ({ default: module.AcceptInvitationPage })),
);
const Dashboard = screen(() => import('./features/dashboard/Dashboard.tsx'));
const Customers = screen(() => import('./features/customers/Customers.tsx'));
const CustomerPage = screen(() => import('./features/customers/CustomerPage.tsx'));
const Accounts = screen(() => import('./features/accounts/Accounts.tsx'));
const ApiKeys = screen(() => import('./features/settings/ApiKeys.tsx'));
const Organization = screen(() => import('./features/settings/Organization.tsx'));
const Members = screen(() => import('./features/settings/Members.tsx'));
const Periods = screen(() => import('./features/settings/Periods.tsx'));
const JournalEntries = screen(() => import('./features/journal/JournalEntries.tsx'));
const JournalEntryEditor = screen(() => import('./features/journal/JournalEntryEditor.tsx'));
const Invoices = screen(() => import('./features/invoices/Invoices.tsx'));
const InvoicePage = screen(() => import('./features/invoices/InvoicePage.tsx'));
const Items = screen(() => import('./features/items/Items.tsx'));
const ItemPage = screen(() => import('./features/items/ItemPage.tsx'));
const CreditNotes = screen(() => import('./features/credit-notes/CreditNotes.tsx'));
const CreditNotePage = screen(() => import('./features/credit-notes/CreditNotePage.tsx'));
const Payments = screen(() => import('./features/payments/Payments.tsx'));
const PaymentReceivedPage = screen(() => import('./features/payments/PaymentReceivedPage.tsx'));
const Deposits = screen(() => import('./features/deposits/Deposits.tsx'));
const Banking = screen(() => import('./features/banking/Banking.tsx'));
const BankAccountPage = screen(() => import('./features/banking/BankAccountPage.tsx'));
const ImportStatement = screen(() => import('./features/banking/ImportStatement.tsx'));
const Reconcile = screen(() => import('./features/banking/Reconcile.tsx'));
const BankRules = screen(() => import('./features/banking/BankRules.tsx'));
const TaxRates = screen(() => import('./features/settings/TaxRates.tsx'));
const Tracking = screen(() => import('./features/settings/Tracking.tsx'));
const Reports = screen(() => import('./features/reports/Reports.tsx'));
const Vendors = screen(() => import('./features/payables/Vendors.tsx'));
const VendorPage = screen(() => import('./features/payables/VendorPage.tsx'));
const Bills = screen(() => import('./features/payables/Bills.tsx'));
const BillPage = screen(() => import('./features/payables/BillPage.tsx'));
const VendorCredits = screen(() => import('./features/payables/VendorCredits.tsx'));
const VendorCreditPage = screen(() => import('./features/payables/VendorCreditPage.tsx'));
const BillPayments = screen(() => import('./features/payables/BillPayments.tsx'));
const BillPaymentPage = screen(() => import('./features/payables/BillPaymentPage.tsx'));
const InventoryAdjustments = screen(() => import('./features/items/InventoryAdjustments.tsx'));

/** The screen each address opens (its first path segment), loaded as soon as the app starts. */
const FIRST_SEGMENT: Record<string, Screen> = {
  '': Dashboard,
  customers: Customers,
  invoices: Invoices,
  'credit-notes': CreditNotes,
  items: Items,
  payments: Payments,
  deposits: Deposits,
  banking: Banking,
  accounts: Accounts,
  journal: JournalEntries,
  reports: Reports,
  vendors: Vendors,
  bills: Bills,
  'vendor-credits': VendorCredits,
  'bill-payments': BillPayments,
  'inventory-adjustments': InventoryAdjustments,
};
const [, first = '', second, third] = window.location.pathname.split('/');
/** The screen of one document (`/invoices/<id>`), by the list it belongs to. */
const DOCUMENT_PAGE: Record<string, Screen> = {
  customers: CustomerPage,
  invoices: InvoicePage,
  'credit-notes': CreditNotePage,
  items: ItemPage,
  journal: JournalEntryEditor,
  bills: BillPage,
  'vendor-credits': VendorCreditPage,
  vendors: VendorPage,
  banking: BankAccountPage,
  payments: PaymentReceivedPage,
  'bill-payments': BillPaymentPage,
};
const opening =
  (first === 'banking' && second === 'rules' && BankRules) ||
  (first === 'banking' && third === 'import' && ImportStatement) ||
  (first === 'banking' && third === 'reconcile' && Reconcile) ||
  (second && DOCUMENT_PAGE[first]) ||
  FIRST_SEGMENT[first];
/** The pages of a person not signed in, by first segment (log-in's code is in the entry). */
const SIGNED_OUT_PAGES: Record<string, Screen | null> = {
  login: null,
  signup: SignupPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
  invitations: AcceptInvitationPage,
};
/**
 * The code the address opens on (the signed-in frame and the screen, or a signed-out page), asked
 * for as the entry runs. main.tsx renders once it is here: a first render before it would show a
 * Suspense fallback, and React 19 then holds the content back until 300 ms after that fallback was
 * shown, however soon the code arrives (most of a returning visit's wait, docs/performance.md).
 */
export const opensSignedIn = !(first in SIGNED_OUT_PAGES);
export const openingCode: Promise<unknown> = opensSignedIn
  ? Promise.all([Shell.preload(), opening?.preload()])
  : Promise.resolve(SIGNED_OUT_PAGES[first]?.preload());

/**
 * The signed-in part of the app. Whether the session cookie is live is learnt from GET /me (the
 * Shell asks it); a 401 anywhere, or a log-out in another tab, marks the tab signed out (D81), and
 * this returns to log in, then back to the page.
 */
function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedOut = session.status === 'signed-out';
  useEffect(() => {
    // Every cached answer was this person's books: none of it may show after log in.
    if (signedOut) queryClient.clear();
  }, [signedOut, queryClient]);
  if (signedOut)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

const loading = (
  <Center mih="40vh">
    <Loader aria-label="Loading" />
  </Center>
);

export function App() {
  useEffect(preloadEveryScreen, []);
  return (
    <Suspense fallback={loading}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/invitations/accept" element={<AcceptInvitationPage />} />
        <Route
          element={
            <RequireSession>
              <Suspense fallback={loading}>
                <Shell />
              </Suspense>
            </RequireSession>
          }
        >
          <Route
            index
            element={
              <Suspense fallback={loading}>
                <Dashboard />
              </Suspense>
            }
          />
          <Route path="customers" element={<Lazy screen={<Customers />} />} />
          <Route path="customers/:id" element={<Lazy screen={<CustomerPage />} />} />
          <Route path="invoices" element={<Lazy screen={<Invoices />} />} />
          <Route path="invoices/:id" element={<Lazy screen={<InvoicePage />} />} />
          <Route path="credit-notes" element={<Lazy screen={<CreditNotes />} />} />
          <Route path="credit-notes/:id" element={<Lazy screen={<CreditNotePage />} />} />
          <Route path="payments" element={<Lazy screen={<Payments />} />} />
          <Route path="payments/:id" element={<Lazy screen={<PaymentReceivedPage />} />} />
          <Route path="deposits" element={<Lazy screen={<Deposits />} />} />
          <Route path="banking" element={<Lazy screen={<Banking />} />} />
          <Route path="banking/:id" element={<Lazy screen={<BankAccountPage />} />} />
          <Route path="banking/rules" element={<Lazy screen={<BankRules />} />} />
          <Route path="banking/:id/import" element={<Lazy screen={<ImportStatement />} />} />
          <Route path="banking/:id/reconcile" element={<Lazy screen={<Reconcile />} />} />
          <Route path="items" element={<Lazy screen={<Items />} />} />
          <Route path="items/:id" element={<Lazy screen={<ItemPage />} />} />
          <Route path="vendors" element={<Lazy screen={<Vendors />} />} />
          <Route path="vendors/:id" element={<Lazy screen={<VendorPage />} />} />
          <Route path="bills" element={<Lazy screen={<Bills />} />} />
          <Route path="bills/:id" element={<Lazy screen={<BillPage />} />} />
          <Route path="vendor-credits" element={<Lazy screen={<VendorCredits />} />} />
          <Route path="vendor-credits/:id" element={<Lazy screen={<VendorCreditPage />} />} />
          <Route path="bill-payments" element={<Lazy screen={<BillPayments />} />} />
          <Route path="bill-payments/:id" element={<Lazy screen={<BillPaymentPage />} />} />
          <Route path="inventory-adjustments" element={<Lazy screen={<InventoryAdjustments />} />} />
          <Route path="accounts" element={<Lazy screen={<Accounts />} />} />
          <Route path="journal" element={<Lazy screen={<JournalEntries />} />} />
          <Route path="journal/:id" element={<Lazy screen={<JournalEntryEditor />} />} />
          <Route path="reports" element={<Lazy screen={<Reports />} />} />
          <Route path="reports/:report" element={<Lazy screen={<Reports />} />} />
          <Route path="more/organization" element={<Lazy screen={<Organization />} />} />
          <Route path="more/members" element={<Lazy screen={<Members />} />} />
          <Route path="more/api-keys" element={<Lazy screen={<ApiKeys />} />} />
          <Route path="more/periods" element={<Lazy screen={<Periods />} />} />
          <Route path="more/tax-rates" element={<Lazy screen={<TaxRates />} />} />
          <Route path="more/tracking" element={<Lazy screen={<Tracking />} />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

function NotFound() {
  return (
    <Page title="Page not found">
      <Text>There is no page at this address. Use the navigation to find what you were looking for.</Text>
    </Page>
  );
}

function Lazy({ screen }: { screen: ReactNode }) {
  return <Suspense fallback={loading}>{screen}</Suspense>;
}
