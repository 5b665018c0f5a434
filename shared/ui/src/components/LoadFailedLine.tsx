import { Anchor, Text } from '@suwerte/shared';

export interface LoadFailedLineProps {
  /** Loads the list again. */
  onRetry: () => void;
  /** A retry is on its way. */
  retrying?: boolean;
}

/**
 * The line under a list's empty text when its load failed. The spec shows a failed list as empty;
 * this line keeps a network failure from reading as "you have none".
 */
export function LoadFailedLine({ onRetry, retrying = false }: LoadFailedLineProps) {
  return (
    <Text size="sm" c="dimmed" ta="center" role="status" data-testid="list-load-failed">
      Couldn&apos;t load this list —{' '}
      <Anchor component="button" type="button" onClick={onRetry} disabled={retrying}>
        Retry
      </Anchor>
    </Text>
  );
}
