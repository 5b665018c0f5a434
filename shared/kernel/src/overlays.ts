// @suwerte/shared/overlays — a kernel entry point (a Module Federation singleton of its own,
// docs/decisions/151): Mantine's Modal and Drawer, each closing on the browser's Back while open.
// The styles of the components this entry point exports come with its chunk (docs/decisions/223).
import './styles/overlays.css';
export { Drawer, Modal } from './ui/components/overlays';
