import { footer } from 'remote-shared/content';
import { ButtonLink, Container, SocialLinks } from 'remote-shared/ui';
import styles from './footer.module.css';

export function Footer({ inert }: { inert?: boolean }) {
  return (
    <footer className={styles.footer} inert={inert}>
      <Container className={styles.grid}>
        <h2 className={styles.heading}>{footer.heading}</h2>
        <div className={styles.actions}>
          <a className={styles.mail} href={footer.mailHref}>
            {footer.mailLabel}
          </a>
          <ButtonLink href={footer.contactLink.href}>{footer.contactLink.label}</ButtonLink>
        </div>
        <SocialLinks label={footer.socialsLabel} />
        <p className={styles.legal}>{footer.copyright}</p>
      </Container>
    </footer>
  );
}
