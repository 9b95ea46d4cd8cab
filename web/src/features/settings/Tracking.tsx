// More, Tracking: categories (a region, a project) and their options; create both, deactivate.
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data } from '../../api/client.ts';
import { useInvalidate } from '../../api/queries/invalidate.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Page } from '../../ui/Page.tsx';
import { useBooks } from '../shell/books.tsx';
import { useTrackingCategories } from './useTrackingChoices.ts';

export default function Tracking() {
  const books = useBooks();
  const invalidate = useInvalidate();
  const [categoryName, setCategoryName] = useState('');
  const [optionNames, setOptionNames] = useState<Record<string, string>>({});
  const categories = useTrackingCategories();
  const refresh = () => invalidate('tracking');
  const createCategory = useMutation({
    mutationFn: async (name: string) =>
      data(await api.POST('/api/v1/tracking-categories', { body: { name } })),
    onSuccess: () => {
      setCategoryName('');
      refresh();
    },
  });
  const createOption = useMutation({
    mutationFn: async ({ category, name }: { category: string; name: string }) =>
      data(await api.POST('/api/v1/tracking-options', { body: { category, name } })),
    onSuccess: (_, { category }) => {
      setOptionNames((names) => ({ ...names, [category]: '' }));
      refresh();
    },
  });
  if (!books) return null;
  const canWrite = books.can.writeBooks;
  const rows = categories.data?.results ?? [];
  return (
    <Page title="Tracking">
      <Text size="sm" c="dimmed">
        Tracking categories tag journal and invoice lines (a region, a project) so reports can be filtered by
        them.
      </Text>
      <ErrorNotice error={categories.error ?? createCategory.error ?? createOption.error} />
      {categories.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tracking categories yet.
        </Text>
      ) : null}
      {rows.map((category) => (
        <Card withBorder key={category.id}>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {category.name}
              {category.is_active ? '' : ' (inactive)'}
            </Title>
            <Text size="sm">
              {category.options.length === 0
                ? 'No options yet.'
                : category.options
                    .map((option) => option.name + (option.is_active ? '' : ' (inactive)'))
                    .join(', ')}
            </Text>
            {canWrite && category.is_active ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  const name = (optionNames[category.id] ?? '').trim();
                  if (name) createOption.mutate({ category: category.id, name });
                }}
              >
                <Group align="flex-end" gap="xs">
                  <TextInput
                    label={`New option of ${category.name}`}
                    value={optionNames[category.id] ?? ''}
                    onChange={(e) => setOptionNames({ ...optionNames, [category.id]: e.currentTarget.value })}
                  />
                  <Button type="submit" variant="default" loading={createOption.isPending}>
                    Add option
                  </Button>
                </Group>
              </form>
            ) : null}
          </Stack>
        </Card>
      ))}
      {canWrite ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (categoryName.trim()) createCategory.mutate(categoryName.trim());
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label="New category"
              value={categoryName}
              onChange={(e) => setCategoryName(e.currentTarget.value)}
            />
            <Button type="submit" loading={createCategory.isPending}>
              Create category
            </Button>
          </Group>
        </form>
      ) : null}
    </Page>
  );
}
