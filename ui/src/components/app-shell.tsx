import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, Skeleton } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useCurrentUser, useLogout } from '../lib/auth.ts';
import { useSessionIdle } from '../lib/use-session-idle.ts';
import { noteIdleSignOut } from '../lib/idle-sign-out.ts';
import { AccountMenu } from './account-menu.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { MainNav } from './main-nav.tsx';
import { StudentSearch } from './student-search.tsx';
import { NotificationBell, useUnreadNotificationCount } from './notification-bell.tsx';
import { SiteFooter } from './site-footer.tsx';
import './app-shell.css';

// antd's Drawer is only needed once the phone menu is opened; it is fetched when the toggle is approached.
const loadDrawer = () => import('./app-shell-drawer.tsx');
const AppShellDrawer = lazy(loadDrawer);
// Only accounts whose address is still unverified load the banner.
const VerifyEmailBanner = lazy(() => import('./verify-email-banner.tsx'));
// The 'Stay signed in' dialog is fetched when it is about to open, two minutes before an idle session ends.
const SessionIdleDialog = lazy(() => import('./session-idle-dialog.tsx'));

/** The signed-in frame: header with brand, navigation, search and account menu; footer. */
export default function AppShell({ children }: { children?: ReactNode }) {
  const { user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  // Stays true after the first opening, so that closing still animates.
  const [drawerMounted, setDrawerMounted] = useState(false);
  const unreadNotifications = useUnreadNotificationCount();

  const signOut = () => {
    setMenuOpen(false);
    logout.mutate(undefined, { onSettled: () => void navigate('/') });
  };

  // Ended for idleness: signed out here too, then the sign-in page says why, and signing in comes back here.
  const idleMinutes = user?.sessionIdleMinutes ?? null;
  const { mutate: endSession } = logout;
  const location = useLocation();
  const here = location.pathname + location.search;
  const signedOutIdle = useCallback(() => {
    if (idleMinutes !== null) noteIdleSignOut(idleMinutes);
    endSession(undefined, { onSettled: () => void navigate('/login', { replace: true, state: { from: here } }) });
  }, [idleMinutes, endSession, navigate, here]);
  const idle = useSessionIdle(idleMinutes, signedOutIdle);

  return (
    <div className="app-shell">
      <header className="shell-header">
        <div className="shell-header__inner">
          <Button
            className="shell-header__menu-toggle"
            type="text"
            icon={<MenuOutlined />}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onPointerEnter={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            onClick={() => {
              setDrawerMounted(true);
              setMenuOpen(true);
            }}
          />
          <BrandLogo to="/students" />
          <div className="shell-header__desktop">
            <MainNav />
          </div>
          <div className="shell-header__search shell-header__desktop">
            <StudentSearch />
          </div>
          <div className="shell-header__actions">
            <NotificationBell />
            {user ? <AccountMenu user={user} onSignOut={signOut} /> : null}
          </div>
        </div>
      </header>

      {drawerMounted ? (
        <Suspense fallback={null}>
          <AppShellDrawer
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            user={user}
            unreadNotifications={unreadNotifications}
            onSignOut={signOut}
            signingOut={logout.isPending}
          />
        </Suspense>
      ) : null}

      <main id="main-content" className="shell-main" tabIndex={-1}>
        {user && !user.emailVerified ? (
          <Suspense fallback={null}>
            <VerifyEmailBanner email={user.email} />
          </Suspense>
        ) : null}
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{children ?? <Outlet />}</Suspense>
      </main>
      <SiteFooter />
      {idle.warning ? (
        <Suspense fallback={null}>
          <SessionIdleDialog remainingMs={idle.remainingMs} onSignOut={signOut} onEnded={signedOutIdle} />
        </Suspense>
      ) : null}
    </div>
  );
}
