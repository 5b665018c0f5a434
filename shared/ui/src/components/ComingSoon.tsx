import { Paper, Stack, Text, Title } from '@suwerte/shared';
import type { ReactNode } from 'react';

export interface ComingSoonProps {
  /** The feature's name, shown as the heading. */
  title: string;
  /** One line on what will be here. */
  children?: ReactNode;
}

/** An honest placeholder for a page whose remote has not shipped it yet — never a fake feature. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <Paper withBorder p="xl" radius="lg" maw={640} mx="auto" my="xl" data-testid="coming-soon">
      <Stack gap="xs" align="center" ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{children ?? 'Coming soon. This part of Suwerte is on its way.'}</Text>
      </Stack>
    </Paper>
  );
}
