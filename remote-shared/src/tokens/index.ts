import './fonts.css';
import './tokens.css';
import './base.css';

/** The token names, so the style guide can show every one of them. */
export const colorTokens = [
  'bg',
  'surface',
  'surface-raised',
  'line',
  'text',
  'muted',
  'accent',
  'accent-strong',
  'on-accent',
  'danger',
  'focus',
] as const;

export const spaceTokens = [1, 2, 3, 4, 6, 8, 12, 16, 24] as const;
