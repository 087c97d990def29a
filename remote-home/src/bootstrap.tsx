import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import 'remote-shared/tokens';
import { StandaloneFrame } from 'remote-shared/standalone-frame';
import { AboutPage } from './about/about-page';
import { HomePage } from './home/home-page';

// Standalone development: remote-home's pages with a minimal router of their own, no shell.
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
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="*" element={<HomePage />} />
        </Routes>
      </StandaloneFrame>
    </BrowserRouter>
  </StrictMode>,
);
