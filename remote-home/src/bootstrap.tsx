import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from '@firstday/router';
import 'remote-shared/tokens';
import { StandaloneFrame } from 'remote-shared/standalone-frame';
import { AboutPage } from './about/about-page';
import { HomePage } from './home/home-page';

/** /about shows About; any other path Home. */
function StandalonePage() {
  return useLocation().pathname === '/about' ? <AboutPage /> : <HomePage />;
}

// Standalone development: remote-home's pages in a router of their own, no shell.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneFrame
        app="remote-home"
        links={[
          { label: 'Home', href: '/' },
          { label: 'About', href: '/about' },
        ]}
      >
        <StandalonePage />
      </StandaloneFrame>
    </BrowserRouter>
  </StrictMode>,
);
