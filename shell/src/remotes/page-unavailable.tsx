import { useEffect, useRef } from 'react';
import { errors } from 'remote-shared/content';
import { Button } from 'remote-shared/ui';
import styles from './page-states.module.css';

export interface PageUnavailableProps {
  onRetry: () => void;
}

/** The page area when its remote cannot be loaded: says so plainly and offers a retry. */
export function PageUnavailable({ onRetry }: PageUnavailableProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    // data-site-error: what promote's browser walk looks for (a part could not be loaded).
    <div className={styles.state} role="alert" data-site-error="part-unavailable">
      <div className={styles.inner}>
        <span className={styles.sunDim} aria-hidden="true" />
        <h1 className={styles.title} ref={heading} tabIndex={-1}>
          {errors.unavailableTitle}
        </h1>
        <p className={styles.detail}>{errors.unavailableDetail}</p>
        <Button onClick={onRetry}>{errors.retryLabel}</Button>
      </div>
    </div>
  );
}
