// @suwerte/shared/overlays — a kernel entry point (a Module Federation singleton of its own,
// docs/decisions/151): Mantine's Modal and Drawer, each closing on the browser's Back while open.
export { Drawer, Modal } from './ui/components/overlays';
