import type { RefObject } from 'react';
import { contactPage } from 'remote-shared/contact-content';
import styles from './honeypot.module.css';

/**
 * A field only bots fill: off-screen, aria-hidden and out of the tab order, so people and
 * assistive technology never meet it; autofill is off so browsers never fill it either.
 */
export function Honeypot({ inputRef }: { readonly inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor="contact-website">{contactPage.honeypotLabel}</label>
      <input
        ref={inputRef}
        id="contact-website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
