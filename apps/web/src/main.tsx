import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { prefetchLandingPage } from './features/catalog/api/prefetch-landing-page';
import { queryClient } from './lib/query-client';
import './index.css';

prefetchLandingPage(queryClient, new URL(window.location.href));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
