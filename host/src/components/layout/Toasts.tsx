import '@suwerte/shared/components.css';
import { Notifications } from '@mantine/notifications';

/** The toast outlet, mounted on the first `notify()`: top centre, 3 s (spec). */
export default function Toasts() {
  return <Notifications position="top-center" classNames={{ root: 'suwerte-toasts' }} zIndex={400} />;
}
