// The curated Mantine surface of the kernel's main entry point: the light components nearly every
// page and widget draws. Heavier components, and those only pages draw, are entry points of their
// own (overlays, inputs, forms, pages, number-input), so a page loads only the ones its
// code imports (docs/decisions/151). Host and remotes import Mantine only through the kernel (lint), so one
// copy of Mantine's context and styles runs in the page. Adding a name is a minor version of the
// kernel; removing one a major (docs/decisions/002).
export {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
  rem,
  useMantineColorScheme,
} from '@mantine/core';
export type { BoxProps, ButtonProps, CardProps, MantineColor, MantineSize, MantineSpacing, MantineThemeOverride, TextProps } from '@mantine/core';
export { useDisclosure, useDocumentTitle, useMediaQuery, useReducedMotion } from '@mantine/hooks';
