import { previewBadge } from 'remote-shared/content';
import { visuallyHidden } from 'remote-shared/ui';
import type { PreviewState } from '../server-state/server-state';
import styles from './preview-badge.module.css';
import { previewPaths } from '../../../platform/releases/preview-paths.cjs';

/**
 * What a reviewer of a preview link sees on every page: which releases they are looking at,
 * until when, and the way back to the live site. Drawn by the server and hydrated like the rest,
 * from the page's state, so only a preview's pages carry it.
 */
export function PreviewBadge({ preview }: { preview: PreviewState }) {
  const until = new Date(preview.expiresAt);
  return (
    <aside className={styles.badge} aria-labelledby="preview-badge-heading">
      <p id="preview-badge-heading" className={styles.label}>
        <span className={styles.tag}>{previewBadge.label}</span>
        <span className={visuallyHidden.always}>{previewBadge.heading}</span>
      </p>
      <ul className={styles.releases}>
        {Object.entries(preview.releases).map(([remote, version]) => (
          <li key={remote}>
            {remote} <span className={styles.version}>{version}</span>
          </li>
        ))}
      </ul>
      <p className={styles.until}>
        {previewBadge.until}{' '}
        <time dateTime={preview.expiresAt}>
          {until.toISOString().slice(0, 16).replace('T', ' ')} UTC
        </time>
      </p>
      <a className={styles.leave} href={previewPaths.exit}>
        {previewBadge.leave}
      </a>
    </aside>
  );
}
