import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

// A deep night palette for the dark scheme: the site is dark by default.
const dark: MantineColorsTuple = [
  '#c9cdd6',
  '#a4aab8',
  '#7d8597',
  '#5a6275',
  '#3b4254',
  '#2a3040',
  '#1f2431',
  '#171b26',
  '#11141d',
  '#0b0d14',
];

/** Dark, gold-primary theme (document 1, section 1). */
export const suwerteTheme = createTheme({
  primaryColor: 'gold',
  primaryShade: { light: 7, dark: 5 },
  autoContrast: true,
  colors: { gold, dark },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
