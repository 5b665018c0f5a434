import type { CSSProperties } from 'react';

// Mantine's own styles for Stack, Group and Text, for plain elements. A page that repeats a
// layout many times and redraws it often (a countdown per draw, the teams on every game card)
// draws it with plain elements: Mantine's components per unit were most of those pages' render
// on a route change (docs/decisions/124, 126, 132). The styles are those Mantine writes into the
// page for the same props, through the theme's CSS variables, so the theme still reaches them;
// inline, so a remote's container needs no CSS chunk loader.

/** A value of the theme's spacing scale (`xs`…`xl`) as Mantine's CSS variable. */
export type SpacingName = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const spacing = (gap: SpacingName | string) => (/^(xs|sm|md|lg|xl)$/.test(gap) ? `var(--mantine-spacing-${gap})` : gap);

/** Stack (`m_6d731127`): a column, its items stretched unless `align` says otherwise. */
export function plainStack(gap: SpacingName | string, align: CSSProperties['alignItems'] = 'stretch'): CSSProperties {
  return { display: 'flex', flexDirection: 'column', alignItems: align, justifyContent: 'flex-start', gap: spacing(gap) };
}

/** Group (`m_4081bf90`) with wrap="nowrap". */
export function plainGroup(align: CSSProperties['alignItems'], justify: CSSProperties['justifyContent'], gap: SpacingName | string = 'xs'): CSSProperties {
  return { display: 'flex', flexDirection: 'row', flexWrap: 'nowrap', justifyContent: justify, alignItems: align, gap: spacing(gap) };
}

/** Text (`m_b6d8b162`) at a font size of the theme, regular weight, no margin. */
export function plainText(size: 'xs' | 'sm' | 'md'): CSSProperties {
  return {
    WebkitTapHighlightColor: 'transparent',
    textDecoration: 'none',
    fontSize: `var(--mantine-font-size-${size})`,
    lineHeight: `var(--mantine-line-height-${size})`,
    fontWeight: 'var(--mantine-font-weight-regular)' as CSSProperties['fontWeight'],
    textWrap: 'var(--mantine-text-wrap)' as CSSProperties['textWrap'],
    margin: 0,
    padding: 0,
  };
}
