import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../lib/auth.ts';
import { PageLoader } from '../components/page-loader.tsx';

const LandingPage = lazy(() => import('../features/landing/components/landing-page.tsx'));
const SignedInHome = lazy(() => import('./signed-in-home.tsx'));

/** Spec section 2: "/" is the landing page while signed out or loading, the dashboard once signed in. */
export function HomeRoute() {
  const { isAuthenticated } = useCurrentUser();
  return <Suspense fallback={<PageLoader />}>{isAuthenticated ? <SignedInHome /> : <LandingPage />}</Suspense>;
}
