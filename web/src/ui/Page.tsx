import { Button, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's "New …" button: what it says and does; the screen passes none to a role that may not write. */
export interface CreateAction {
  label: string;
  onClick: () => void;
}

/** A screen: its title (the page's one h1), its actions (the "New …" one last), its content. */
export function Page({
  title,
  actions,
  create,
  children,
}: {
  title: string;
  actions?: ReactNode;
  create?: CreateAction | false | null;
  children: ReactNode;
}) {
  const shown = actions || create;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {shown ? (
          <Group gap="xs">
            {actions}
            {create ? (
              <Button size="sm" onClick={create.onClick}>
                {create.label}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}

/** A part of a screen under its own heading (the h2s under the page's h1), its action beside it. */
export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4">
      {title}
    </Title>
  );
  return (
    <Stack gap="xs">
      {action ? (
        <Group justify="space-between">
          {heading}
          {action}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}
