import type { HTMLAttributes } from 'react';
import styles from './container.module.css';

/** Centres content at the site's reading width with the standard side padding. */
export function Container({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={[styles.container, className].filter(Boolean).join(' ')} {...rest} />;
}
