import styles from './visually-hidden.module.css';

/**
 * Class names that take an element out of sight but leave it to screen readers: `always`,
 * `narrow` (below 720px) or `wide` (from 720px). Add one beside an element's own classes; every
 * app takes them from here rather than writing the rule again.
 */
export const visuallyHidden = {
  always: styles.always,
  narrow: styles.narrow,
  wide: styles.wide,
} as const;
