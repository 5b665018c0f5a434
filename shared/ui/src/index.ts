// @suwerte/ui — the site's own small pieces of UI: its icons, the page title, the loading and
// "couldn't load" lines, "coming soon", and Mantine's layout styles for plain elements. Built on the
// kernel's Mantine (imported from @suwerte/shared, never from @mantine/*), holding no state of their
// own: a build-time library, bundled — tree-shaken — into each app that imports it (docs/decisions/150).
export * from './icons/icons';
export { plainGroup, plainStack, plainText, type SpacingName } from './plain-styles';
export { ComingSoon, type ComingSoonProps } from './components/ComingSoon';
export { StatusText, type StatusTextProps } from './components/StatusText';
export { LoadFailedLine, type LoadFailedLineProps } from './components/LoadFailedLine';
export { PageTitle, type PageTitleProps } from './components/PageTitle';
export { lazyDialog, dialogLoadFailedText, type LazyDialog, type LazyDialogOptions } from './dialogs/lazy-dialog';
export { afterPaint, useAfterPaint, AFTER_PAINT_LIMIT_MS, PRESENTED_WAIT_MS } from './timing/after-paint';
export { lazyPart, type LazyPart, type LazyPartOptions } from './parts/lazy-part';
