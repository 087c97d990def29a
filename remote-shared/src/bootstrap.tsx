import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@firstday/router';
import './tokens';
import { StyleGuide } from './style-guide/style-guide';

// Standalone development: remote-shared's own page is a style guide of its tokens and primitives.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <StyleGuide />
    </BrowserRouter>
  </StrictMode>,
);
