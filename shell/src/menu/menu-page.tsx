import { navigation } from 'remote-shared/content';
import { Container, SmartLink } from 'remote-shared/ui';
import styles from './menu-page.module.css';

/** /menu: a simple overlay-like page of the site's main destinations. */
export function MenuPage() {
  return (
    <Container className={styles.page}>
      <h1 className={styles.heading}>{navigation.menuPageHeading}</h1>
      <nav aria-label={navigation.menuPageHeading}>
        <ul className={styles.links}>
          {navigation.menuPageLinks.map((link) => (
            <li key={link.label}>
              <SmartLink className={styles.link} href={link.href}>
                {link.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      </nav>
    </Container>
  );
}
