import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@firstday/router';
import 'remote-shared/tokens';
import { StandaloneFrame } from 'remote-shared/standalone-frame';
import { ContactPage } from './contact/page/contact-page';

// Standalone development: the Contact page at any path, in a router of its own, no shell.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneFrame app="remote-contact" links={[{ label: 'Contact', href: '/contact' }]}>
        <ContactPage />
      </StandaloneFrame>
    </BrowserRouter>
  </StrictMode>,
);
