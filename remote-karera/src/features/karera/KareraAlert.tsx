import { ALERT_MS, Paper } from '@suwerte/shared';
import { kareraStore, useKarera } from './karera-store';
import { KARERA_ALERTS } from '@suwerte/contracts/karera';
import { useEffect } from 'react';
import classes from './KareraAlert.module.css';
import { isKareraOutcomeText } from './karera-connection';

const SUCCESS: readonly string[] = [KARERA_ALERTS.betSuccess, KARERA_ALERTS.startBetting];
const WARNING: readonly string[] = [KARERA_ALERTS.bettingClosed, KARERA_ALERTS.bettingStopped];

// Fixed shades in both colour modes, each with its text colour (black on the light green and yellow,
// white on the dark red): every alert reads at 4.5:1 or better.
function colorsOf(message: string): { bg: string; c: string } {
  if (SUCCESS.includes(message) || isKareraOutcomeText(message)) return { bg: 'green.5', c: 'black' };
  if (WARNING.includes(message)) return { bg: 'yellow.5', c: 'black' };
  return { bg: 'red.9', c: 'white' };
}

/**
 * The game's alerts (document 2, section 8) at top centre; each hides after 3 s. A filled `Paper`
 * with the alert role, not the kernel's `Alert`: the page's first screen then needs no
 * `@suwerte/shared/pages` (docs/decisions/248).
 */
export function KareraAlert() {
  const alert = useKarera((state) => state.alert);
  const seq = useKarera((state) => state.alertSeq);

  useEffect(() => {
    if (alert === null) return;
    const timer = setTimeout(() => {
      // Only the alert this timer belongs to; a newer one keeps its own 3 s.
      if (kareraStore.getState().alertSeq === seq) kareraStore.getState().setKarera({ alert: null });
    }, ALERT_MS);
    return () => clearTimeout(timer);
  }, [alert, seq]);

  return (
    <div className={classes.outlet} aria-live="assertive">
      {alert && (
        <Paper key={seq} role="alert" {...colorsOf(alert)} radius="md" px="md" py="sm" className={classes.alert} data-testid="karera-alert">
          {alert}
        </Paper>
      )}
    </div>
  );
}
