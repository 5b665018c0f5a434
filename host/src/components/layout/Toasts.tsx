import '@suwerte/shared/host-lazy.css';
import { Notifications } from '@mantine/notifications';
import classes from './Toasts.module.css';

/** The toast outlet, mounted on the first `notify()`: top centre (below the header on phones), 3 s (spec). */
export default function Toasts() {
  return <Notifications position="top-center" classNames={{ root: `suwerte-toasts ${classes.root}` }} zIndex={400} />;
}
