// The icons' drawing: not exported by the package; the icons are (icons.tsx).
import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** Width and height in px. @default 22 */
  size?: number;
};

/** Stroke icons drawn on a 24-unit grid; decorative unless given an aria-label. */
export function createIcon(displayName: string, children: ReactNode) {
  function Icon({ size = 22, ...props }: IconProps) {
    const labelled = props['aria-label'] !== undefined;
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={labelled ? undefined : true}
        role={labelled ? 'img' : undefined}
        focusable="false"
        {...props}
      >
        {children}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}
