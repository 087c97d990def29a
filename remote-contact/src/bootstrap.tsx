import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import 'remote-shared/tokens';
import { StandaloneFrame } from 'remote-shared/standalone-frame';
import { ContactPage } from './contact/page/contact-page';

// Standalone development: the Contact page with a minimal router of its own, no shell.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneFrame app="remote-contact" links={[{ label: 'Contact', href: '/contact' }]}>
        <Routes>
          <Route path="*" element={<ContactPage />} />
        </Routes>
      </StandaloneFrame>
    </BrowserRouter>
  </StrictMode>,
);
