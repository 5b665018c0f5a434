import type { NotificationData } from '@mantine/notifications';

/** Alerts and toasts auto-hide after 3 s (document 2, section 9). */
export const ALERT_MS = 3000;

type Listener = () => void;
let requested = false;
const listeners = new Set<Listener>();

/** Whether any part has asked for a notification yet: the host mounts its outlet on first use. */
export function notificationsRequested(): boolean {
  return requested;
}

export function subscribeNotificationsRequested(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type NotifyOptions = Pick<NotificationData, 'title' | 'message' | 'color' | 'id' | 'autoClose'> & {
  kind?: 'success' | 'error' | 'info';
};

const KIND_COLOR = { success: 'green', error: 'red', info: 'gold' } as const;

/**
 * Shows a toast at top centre. The notifications package loads on first use, so the shell's
 * first paint does not pay for it.
 */
export async function notify({ kind = 'info', ...options }: NotifyOptions): Promise<void> {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  const { notifications } = await import('@mantine/notifications');
  notifications.show({ autoClose: ALERT_MS, withBorder: true, color: KIND_COLOR[kind], ...options });
}
