import { Badge } from '@suwerte/shared';
import type { KareraConnection } from './karera-store';

const LABEL: Record<KareraConnection, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };
const COLOR: Record<KareraConnection, string> = { connecting: 'gray', live: 'green', reconnecting: 'orange' };

/** The socket's state, visible to the player and announced politely. */
export function ConnectionStatus({ connection }: { connection: KareraConnection }) {
  return (
    <Badge
      role="status"
      aria-live="polite"
      aria-label={`Game server: ${LABEL[connection]}`}
      data-testid="karera-connection"
      data-state={connection}
      color={COLOR[connection]}
      variant={connection === 'live' ? 'filled' : 'light'}
      autoContrast
      size="lg"
      leftSection={<span aria-hidden style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: 'currentColor' }} />}
    >
      {LABEL[connection]}
    </Badge>
  );
}
