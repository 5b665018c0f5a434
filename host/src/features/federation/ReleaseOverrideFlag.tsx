import { useSyncExternalStore } from 'react';
import { Button, Group, Text } from '@suwerte/shared';
import { clearOverrides, readOverrides, subscribeOverrides } from './release-override';
import classes from './ReleaseOverrideFlag.module.css';

/**
 * On every page while this browser tries releases of its own (`?remote-release=…`): which ones,
 * and a way back to the site's releases. Nobody else sees them.
 */
export default function ReleaseOverrideFlag() {
  const overrides = useSyncExternalStore(subscribeOverrides, readOverrides, () => ({}));
  const entries = Object.entries(overrides);
  if (entries.length === 0) return null;
  const stop = () => {
    clearOverrides();
    // Remote code already running in this page is the tried release: start over with the site's.
    window.location.reload();
  };
  return (
    <Group className={classes.flag} justify="center" gap="sm" role="status" data-testid="release-override-flag">
      <Text size="sm" fw={700}>
        Trying {entries.map(([remote, release]) => `${remote} ${release}`).join(', ')} in this browser only
      </Text>
      <Button size="compact-xs" variant="white" color="dark" onClick={stop}>
        Stop trying
      </Button>
    </Group>
  );
}
