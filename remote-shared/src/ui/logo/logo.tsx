import type { SVGProps } from 'react';

export interface LogoProps extends SVGProps<SVGSVGElement> {
  /** Show the word mark beside the sunrise sign. */
  withWordmark?: boolean;
}

/**
 * The studio's logo: a sun rising over the horizon, for a first day. Drawn inline so it costs no
 * request and takes the current text colour.
 */
export function Logo({ withWordmark = true, ...rest }: LogoProps) {
  const width = withWordmark ? 168 : 40;
  return (
    <svg
      viewBox={`0 0 ${width} 40`}
      width={width}
      height={40}
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <circle cx="20" cy="24" r="11" fill="var(--fd-color-accent, #ff7a45)" />
      <rect x="4" y="24" width="32" height="12" fill="var(--fd-color-bg, #0e0e10)" />
      <rect x="4" y="25.5" width="32" height="3" rx="1.5" fill="currentColor" />
      <rect x="9" y="31" width="22" height="3" rx="1.5" fill="currentColor" opacity="0.55" />
      {withWordmark && (
        <text
          x="46"
          y="27"
          fill="currentColor"
          fontFamily="ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
          fontSize="19"
          fontWeight="700"
          letterSpacing="-0.5"
        >
          First Day
        </text>
      )}
    </svg>
  );
}
