import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageLoader } from '../components/page-loader.tsx';
import { ToastViewport } from '../components/toast-viewport.tsx';
import { usePageTitle } from './page-title.ts';

export function RootLayout() {
  usePageTitle();
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ToastViewport />
      <ScrollRestoration />
    </>
  );
}
