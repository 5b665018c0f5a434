import { ALERT_MS } from '@suwerte/shared';
import { Alert } from '@suwerte/shared/pages';
import { kareraStore, useKarera } from './karera-store';
import { KARERA_ALERTS } from '@suwerte/contracts/karera';
import { useEffect } from 'react';
import classes from './KareraAlert.module.css';
import { isKareraOutcomeText } from './karera-connection';

const SUCCESS: readonly string[] = [KARERA_ALERTS.betSuccess, KARERA_ALERTS.startBetting];
const WARNING: readonly string[] = [KARERA_ALERTS.bettingClosed, KARERA_ALERTS.bettingStopped];

// Fixed shades in both colour modes, with the text colour Mantine picks for each (black on the light
// green and yellow, white on the dark red): every alert reads at 4.5:1 or better.
function colorOf(message: string): string {
  if (SUCCESS.includes(message) || isKareraOutcomeText(message)) return 'green.5';
  if (WARNING.includes(message)) return 'yellow.5';
  return 'red.9';
}

/** The game's alerts (document 2, section 8) at top centre; each hides after 3 s. */
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
        <Alert key={seq} color={colorOf(alert)} variant="filled" autoContrast radius="md" className={classes.alert} data-testid="karera-alert">
          {alert}
        </Alert>
      )}
    </div>
  );
}
