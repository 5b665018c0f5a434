import { Avatar } from '@suwerte/shared/pages';
import { Button, Card, Group, Stack, Text } from '@suwerte/shared';
import { type Account } from '@suwerte/contracts/account';
import { formatPeso } from '@suwerte/money';
import { formatMonthDayYear } from '@suwerte/time';
import { useState } from 'react';
import { ChangePasswordDialog } from './ChangePasswordDialog';

export function AccountCard({ account }: { account: Account }) {
  const [changing, setChanging] = useState(false);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar color="gold" radius="xl" size="lg" aria-hidden>
            {account.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={0}>
            <Text fw={800} size="lg" data-testid="profile-username">
              {account.username}
            </Text>
            <Text size="sm" c="dimmed">
              Member since {formatMonthDayYear(account.createdAt)}
            </Text>
          </Stack>
        </Group>
        {/* On a phone the balance takes its own row under the avatar, its label and amount
            left-aligned with it; beside the name (wider screens) both align to the card's right edge. */}
        <Stack gap={0} w={{ base: '100%', sm: 'auto' }} ta={{ base: 'left', sm: 'right' }} data-testid="profile-balance">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Balance
          </Text>
          <Text fw={800} size="xl" c="gold">
            {formatPeso(account.balance)}
          </Text>
        </Stack>
      </Group>
      <Button variant="outline" mt="md" onClick={() => setChanging(true)} w={{ base: '100%', sm: 'auto' }}>
        Change password
      </Button>
      <ChangePasswordDialog account={account} opened={changing} onClose={() => setChanging(false)} />
    </Card>
  );
}
