// The frame of every signed-in page: header (books switcher, log out), navigation grouped as D43,
// the sandbox banner on every page (D44), and the page itself.
// Every component's styles come with the signed-in frame (the first page carries a few, see
// ui/first-page-styles.ts), notifications' after them as Mantine asks.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import {
  Alert,
  AppShell,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { signedOut } from '../../api/session.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { UnsavedGuard } from '../../ui/UnsavedGuard.tsx';
import { type Books, useBooks, useMe, useOrganization, useSwitchBooks } from './books.tsx';

interface NavItem {
  label: string;
  to: string;
  show?: (books: Books) => boolean;
}

const NAV: { group: string | null; items: NavItem[] }[] = [
  { group: null, items: [{ label: 'Dashboard', to: '/' }] },
  {
    group: 'Sales',
    items: [
      { label: 'Customers', to: '/customers' },
      { label: 'Invoices', to: '/invoices' },
      { label: 'Credit notes', to: '/credit-notes' },
      { label: 'Payments', to: '/payments' },
      { label: 'Deposits', to: '/deposits' },
      { label: 'Items', to: '/items' },
    ],
  },
  {
    group: 'Purchases',
    items: [
      { label: 'Vendors', to: '/vendors', show: (books) => books.can.readPurchases },
      { label: 'Bills', to: '/bills', show: (books) => books.can.readPurchases },
      { label: 'Vendor credits', to: '/vendor-credits', show: (books) => books.can.readPurchases },
      { label: 'Bill payments', to: '/bill-payments', show: (books) => books.can.readPurchases },
      {
        label: 'Inventory adjustments',
        to: '/inventory-adjustments',
        show: (books) => books.can.readPurchases,
      },
    ],
  },
  {
    group: 'Accounting',
    items: [
      { label: 'Banking', to: '/banking', show: (books) => books.can.readBanking },
      { label: 'Chart of accounts', to: '/accounts' },
      { label: 'Journal entries', to: '/journal', show: (books) => books.can.readJournal },
      { label: 'Reports', to: '/reports' },
    ],
  },
  {
    group: 'More',
    items: [
      { label: 'Organization', to: '/more/organization' },
      { label: 'Members', to: '/more/members', show: (books) => books.can.administer },
      { label: 'API keys', to: '/more/api-keys', show: (books) => books.can.administer },
      { label: 'Tax rates', to: '/more/tax-rates' },
      { label: 'Tracking', to: '/more/tracking' },
      { label: 'Periods', to: '/more/periods' },
    ],
  },
];

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

export function Shell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const organization = useOrganization();
  const books = useBooks();
  const switchBooks = useSwitchBooks();

  // Log out ends the session row and drops the cookie (D81); every other tab is told and returns to
  // log in (api/session.ts). The cache held this person's books: all of it goes.
  const logout = useMutation({
    mutationFn: async () => api.POST('/api/v1/auth/logout'),
    onSettled: () => {
      navigate('/login', { replace: true });
      signedOut({ announced: true });
      queryClient.clear();
    },
  });

  // GET /organization may leave before GET /me has said whether the remembered books are still this
  // person's (books.tsx): its refusal counts only once /me has answered.
  if (me.error || (me.data && organization.error)) {
    return (
      <Center p="xl">
        <ErrorNotice error={me.error ?? organization.error} />
      </Center>
    );
  }
  if (me.data && me.data.memberships.length === 0) {
    return (
      <Center mih="60vh" p="md">
        <Stack maw={420}>
          <Text>
            {me.data.user.email} is not a member of any books. Ask an owner or admin of your books for an
            invitation, then open its link.
          </Text>
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
            Log out
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!books || !me.data) {
    return (
      <Center mih="60vh">
        <Loader aria-label="Loading your books" />
      </Center>
    );
  }

  return (
    <UnsavedGuard onLeave={close}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Open navigation"
              />
              <Text fw={700} c="teal.9" size="lg">
                Folio
              </Text>
              <Text size="sm" c="dimmed" truncate="end" visibleFrom="xs" maw={220}>
                {books.name}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {books.otherId ? (
                <SegmentedControl
                  size="xs"
                  aria-label="Books"
                  value={books.mode}
                  onChange={() => books.otherId && switchBooks(books.otherId)}
                  data={[
                    { label: 'Live', value: 'live' },
                    { label: 'Sandbox', value: 'sandbox' },
                  ]}
                />
              ) : null}
              <Button size="xs" variant="subtle" onClick={() => logout.mutate()} loading={logout.isPending}>
                Log out
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Main">
          <ScrollArea>
            {NAV.map((section) => {
              const items = section.items.filter((item) => !item.show || item.show(books));
              if (items.length === 0) return null;
              return (
                <div key={section.group ?? 'top'}>
                  {section.group ? (
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
                      {section.group}
                    </Text>
                  ) : null}
                  {items.map((item) => (
                    <NavLink
                      key={item.to}
                      component={Link}
                      to={item.to}
                      label={item.label}
                      active={isActive(location.pathname, item.to)}
                      variant="filled"
                      onClick={close}
                    />
                  ))}
                </div>
              );
            })}
            <Text size="xs" c="dimmed" px="sm" pt="lg" style={{ overflowWrap: 'anywhere' }}>
              Signed in as {me.data.user.email} ({books.role})
            </Text>
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main>
          {books.mode === 'sandbox' ? (
            <Alert color="orange" variant="filled" mb="md" p="xs" role="status" aria-label="Sandbox books">
              <Text size="sm" c="black">
                <b>Sandbox books.</b> You are working in the sandbox: nothing here touches your live books,
                and emails are recorded, not sent.
              </Text>
            </Alert>
          ) : null}
          <VisuallyHidden aria-live="polite">
            {books.mode === 'sandbox' ? 'Sandbox books' : 'Live books'}
          </VisuallyHidden>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </UnsavedGuard>
  );
}
