import { errors } from 'remote-shared/content';
import styles from './page-states.module.css';

/** The page area while a remote page is on its way. */
export function PageLoading() {
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <div className={styles.inner}>
        <span className={styles.sun} aria-hidden="true" />
        <p className={styles.detail}>{errors.loadingLabel}…</p>
      </div>
    </div>
  );
}
