import type { HTMLAttributes } from 'react';
import styles from './visually-hidden.module.css';

/** Text for assistive technology only. */
export function VisuallyHidden(props: HTMLAttributes<HTMLSpanElement>) {
  return <span className={styles.hidden} {...props} />;
}
