// @suwerte/shared/pages — a kernel entry point (a Module Federation singleton of its own,
// docs/decisions/151): the components pages draw and the home page's widgets do not — tables, tabs,
// accordions, lists, progress bars, alerts, avatars, theme icons, grids — so a widget on `/` never
// loads them.
// The styles of the components this entry point exports come with its chunk (docs/decisions/223).
import './styles/pages.css';
export { Accordion, Alert, Avatar, Flex, Grid, List, Progress, Table, Tabs, ThemeIcon } from '@mantine/core';
