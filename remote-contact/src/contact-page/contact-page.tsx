import { contactPage } from 'remote-shared/content';
import { useScrollToTopOnEntry } from 'remote-shared/hooks';
import { Container } from 'remote-shared/ui';

export function ContactPage() {
  useScrollToTopOnEntry();
  return (
    <Container>
      <h1>{contactPage.heading}</h1>
      <p>{contactPage.invitation}</p>
    </Container>
  );
}
