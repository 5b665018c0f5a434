import { createTheme, defaultVariantColorsResolver, parseThemeColor, type MantineColorsTuple, type VariantColorsResolver } from '@mantine/core';

const gold: MantineColorsTuple = [
  '#fff8e1',
  '#ffefbf',
  '#ffe08a',
  '#ffd152',
  '#ffc526',
  '#f5b301',
  '#d69c00',
  '#ad7e00',
  '#856100',
  '#5e4400',
];

// A deep night palette for the dark scheme: the site is dark by default. Shade 2 is the
// "dimmed" text colour and keeps a 4.5:1 contrast on cards (shade 6) and the page (shade 7).
const dark: MantineColorsTuple = [
  '#d5d9e0',
  '#b8bdc9',
  '#9ba2b2',
  '#6c7487',
  '#454c5e',
  '#2e3444',
  '#222734',
  '#181c27',
  '#12151e',
  '#0c0e15',
];

/**
 * Light hues: filled surfaces of these carry black text (white on them fails WCAG contrast in
 * either mode; the other colours' filled shades are moved in site.css, docs/decisions/084).
 */
const LIGHT_COLORS = new Set(['gold', 'yellow', 'lime', 'green', 'orange']);

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (parsed.isThemeColor && LIGHT_COLORS.has(parsed.color) && input.variant === 'filled') {
    return { ...colors, color: 'var(--mantine-color-black)' };
  }
  return colors;
};

/** Dark, gold-primary theme (document 1, section 1). */
export const suwerteTheme = createTheme({
  primaryColor: 'gold',
  primaryShade: { light: 7, dark: 5 },
  variantColorResolver,
  colors: { gold, dark },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Links inside text must be told apart by more than colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
  },
});
