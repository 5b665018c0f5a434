import { Alert, Button, Group, RefreshIcon, Text } from '@suwerte/shared';
import type { RemoteName } from './registry';

const REMOTE_LABELS: Record<RemoteName, string> = {
  members: 'The members area',
  lotto: 'Lotto',
  sports: 'Sports',
  karera: 'E-Games',
};

export interface UnavailablePanelProps {
  /** The remote that failed. */
  remote: RemoteName;
  /** Tries again. */
  onRetry: () => void;
  /** Disables Retry while an attempt is under way. @default false */
  retrying?: boolean;
  /** Smaller panel for home-page widgets. @default false */
  compact?: boolean;
}

/** "Temporarily unavailable — Retry": what a remote that is down, slow or broken shows in its place. */
export function UnavailablePanel({ remote, onRetry, retrying = false, compact = false }: UnavailablePanelProps) {
  return (
    <Alert
      variant="light"
      color="gold"
      radius="md"
      title={`${REMOTE_LABELS[remote]} is temporarily unavailable`}
      my={compact ? 'sm' : 'xl'}
      maw={compact ? undefined : 640}
      mx={compact ? undefined : 'auto'}
      data-testid={`remote-unavailable-${remote}`}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">The rest of Suwerte keeps working. Please try again in a moment.</Text>
        <Button size="xs" variant="outline" onClick={onRetry} loading={retrying} leftSection={<RefreshIcon size={16} />}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
