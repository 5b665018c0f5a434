import { Alert } from '@suwerte/shared/pages';
import { Button, Group, Text } from '@suwerte/shared';
import { RefreshIcon } from '@suwerte/ui';
import type { RemoteName } from '@suwerte/federation';
import { ReleaseNotPublishedError, RemoteIncompatibleError } from './remote-errors';

const REMOTE_LABELS: Record<RemoteName, string> = {
  members: 'The members area',
  lotto: 'Lotto',
  sports: 'Sports',
  karera: 'E-Games',
};

/**
 * - `unavailable`: down, slow or broken — Retry may help;
 * - `needs-newer-site`: the release needs a newer host than this page runs — a reload fetches it;
 * - `outdated`: the release was built for an older major of the site — only its team can help;
 * - `not-published`: this browser tries a release the site does not have — Stop trying (the flag) helps.
 */
export type RemoteProblem = 'unavailable' | 'needs-newer-site' | 'outdated' | 'not-published';

export function problemOf(error: unknown): RemoteProblem {
  if (error instanceof RemoteIncompatibleError) return error.hostTooOld ? 'needs-newer-site' : 'outdated';
  if (error instanceof ReleaseNotPublishedError) return 'not-published';
  return 'unavailable';
}

function titleOf(problem: RemoteProblem, label: string, error: unknown): string {
  if (problem === 'needs-newer-site') return `${label} needs a newer version of the site — reload`;
  if (problem === 'not-published' && error instanceof ReleaseNotPublishedError) return `${error.remote} ${error.release} is not published`;
  return `${label} is temporarily unavailable`;
}

const TEXTS: Record<RemoteProblem, string> = {
  'needs-newer-site': 'Suwerte has been updated. Reload the page to continue.',
  outdated: 'It is being updated for the new version of Suwerte. Please try again later.',
  'not-published': 'This browser is trying a release this site does not have. Stop trying it to get the site’s release.',
  unavailable: 'The rest of Suwerte keeps working. Please try again in a moment.',
};

export interface UnavailablePanelProps {
  /** The remote that failed; null when it is not known which (the registry could not be read). */
  remote: RemoteName | null;
  /** What went wrong; decides the panel's text and button. @default null (unavailable) */
  error?: unknown;
  /** Tries again (shown for `unavailable` only). */
  onRetry?: () => void;
  /** Disables Retry while an attempt is under way. @default false */
  retrying?: boolean;
  /** Smaller panel for home-page widgets. @default false */
  compact?: boolean;
}

/** What a remote that is down, broken or incompatible shows in its place; the rest of the site keeps working. */
export function UnavailablePanel({ remote, error = null, onRetry, retrying = false, compact = false }: UnavailablePanelProps) {
  const problem = problemOf(error);
  const label = remote ? REMOTE_LABELS[remote] : 'This page';
  const title = titleOf(problem, label, error);
  const text = TEXTS[problem];
  return (
    <Alert
      variant="light"
      color="gold"
      radius="md"
      title={title}
      my={compact ? 'sm' : 'xl'}
      maw={compact ? undefined : 640}
      mx={compact ? undefined : 'auto'}
      data-testid={`remote-unavailable-${remote ?? 'page'}`}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        {problem === 'needs-newer-site' && (
          <Button size="xs" variant="outline" onClick={() => window.location.reload()} leftSection={<RefreshIcon size={16} />}>
            Reload
          </Button>
        )}
        {problem === 'unavailable' && onRetry && (
          <Button size="xs" variant="outline" onClick={onRetry} loading={retrying} leftSection={<RefreshIcon size={16} />}>
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}

// The shell (home widgets, the catch-all route) loads the panel only when one is needed.
export default UnavailablePanel;
