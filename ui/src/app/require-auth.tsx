import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../lib/auth.ts';
import { AppShellSkeleton } from '../components/app-shell-skeleton.tsx';

/** Signed-in routes: skeletons while the user loads, /login when signed out (then back here). */
export function RequireAuth() {
  const { isLoading, isAuthenticated } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <AppShellSkeleton />;
  if (!isAuthenticated) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
