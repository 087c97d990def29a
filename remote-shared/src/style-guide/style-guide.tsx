import { studio } from '../content';
import { colorTokens, spaceTokens } from '../tokens';
import { Button, ButtonLink, Container, Logo, SocialLinks } from '../ui';
import styles from './style-guide.module.css';

/** remote-shared's standalone page: every token and primitive, as the other apps use them. */
export function StyleGuide() {
  return (
    <main>
      <Container className={styles.page}>
        <header className={styles.section}>
          <Logo />
          <h1>{studio.name} style guide</h1>
          <p>Design tokens and UI primitives exposed by remote-shared.</p>
        </header>

        <section className={styles.section} aria-labelledby="colours">
          <h2 id="colours">Colours</h2>
          <ul className={styles.swatches}>
            {colorTokens.map((token) => (
              <li key={token} className={styles.swatch}>
                <span
                  className={styles.chip}
                  style={{ background: `var(--fd-color-${token})` }}
                  aria-hidden="true"
                />
                <code>--fd-color-{token}</code>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.section} aria-labelledby="type">
          <h2 id="type">Type scale</h2>
          {(['3xl', '2xl', 'xl', 'lg', 'md', 'sm'] as const).map((size) => (
            <p key={size} style={{ fontSize: `var(--fd-text-${size})`, lineHeight: 1.2 }}>
              --fd-text-{size}: Every day is a first day
            </p>
          ))}
        </section>

        <section className={styles.section} aria-labelledby="space">
          <h2 id="space">Spacing</h2>
          {spaceTokens.map((step) => (
            <div key={step} className={styles.row}>
              <code>--fd-space-{step}</code>
              <span className={styles.space} style={{ width: `var(--fd-space-${step})` }} />
            </div>
          ))}
        </section>

        <section className={styles.section} aria-labelledby="primitives">
          <h2 id="primitives">Primitives</h2>
          <div className={styles.row}>
            <Button>Primary button</Button>
            <Button variant="secondary">Secondary button</Button>
            <ButtonLink href="/">Button link</ButtonLink>
            <Button disabled>Disabled</Button>
          </div>
          <SocialLinks label="Social links" />
        </section>
      </Container>
    </main>
  );
}
