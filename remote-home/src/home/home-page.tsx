import { hero, intro } from 'remote-shared/content';
import { ButtonLink, Container } from 'remote-shared/ui';

export function HomePage() {
  return (
    <Container>
      <h1>{hero.headline}</h1>
      <ButtonLink href={hero.contactLink.href}>{hero.contactLink.label}</ButtonLink>
      <h2>{intro.headline}</h2>
      <ButtonLink variant="secondary" href={intro.knowMore.href}>
        {intro.knowMore.label}
      </ButtonLink>
      <section id="work" aria-label="Our Work" />
    </Container>
  );
}
