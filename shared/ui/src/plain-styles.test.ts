import { rem } from '@suwerte/shared';
import { plainGroup, plainStack, plainText } from './plain-styles';

describe('plain styles (Mantine Stack, Group and Text for plain elements)', () => {
  it('a stack is a column whose gap is the theme spacing of that name, its items stretched', () => {
    expect(plainStack('md')).toEqual({ display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start', gap: 'var(--mantine-spacing-md)' });
  });

  it('a gap that is not a spacing name is kept as it is, at the theme scale when it came from rem()', () => {
    expect(plainStack(rem(4), 'center')).toMatchObject({ gap: 'calc(0.25rem * var(--mantine-scale))', alignItems: 'center' });
    expect(plainStack('0rem').gap).toBe('0rem');
  });

  it('a group is a row that does not wrap, gap xs unless told', () => {
    expect(plainGroup('center', 'space-between')).toEqual({ display: 'flex', flexDirection: 'row', flexWrap: 'nowrap', justifyContent: 'space-between', alignItems: 'center', gap: 'var(--mantine-spacing-xs)' });
    expect(plainGroup('flex-start', 'flex-start', 'lg').gap).toBe('var(--mantine-spacing-lg)');
  });

  it("a text takes the theme's font size and line height of its size, regular weight, no margin", () => {
    expect(plainText('sm')).toMatchObject({
      fontSize: 'var(--mantine-font-size-sm)',
      lineHeight: 'var(--mantine-line-height-sm)',
      fontWeight: 'var(--mantine-font-weight-regular)',
      margin: 0,
      padding: 0,
    });
  });
});
