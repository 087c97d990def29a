import { navigation } from 'remote-shared/content';
import { Container } from 'remote-shared/ui';
import { LinkList } from '../navigation/link-list';
import styles from './menu-page.module.css';

/** /menu: a simple overlay-like page of the site's main destinations. */
export function MenuPage() {
  return (
    <Container className={styles.page}>
      <h1 className={styles.heading}>{navigation.menuPageHeading}</h1>
      <LinkList
        label={navigation.menuPageHeading}
        links={navigation.menuPageLinks}
        listClassName={styles.links}
        linkClassName={styles.link}
      />
    </Container>
  );
}
