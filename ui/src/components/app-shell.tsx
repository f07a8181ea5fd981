import { Suspense, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Avatar, Badge, Button, Drawer, Dropdown, Skeleton } from 'antd';
import { BellOutlined, LogoutOutlined, MenuOutlined, SettingOutlined } from '@ant-design/icons';
import { useCurrentUser, useLogout, type CurrentUser } from '../lib/auth.ts';
import { BrandLogo } from './brand-logo.tsx';
import { StudentSearch } from './student-search.tsx';
import { NotificationBell, bellLabel, useUnreadNotificationCount } from './notification-bell.tsx';
import { SiteFooter } from './site-footer.tsx';
import './app-shell.css';

const NAV_ITEMS = [
  { to: '/students', label: 'Students' },
  { to: '/accommodations', label: 'Accommodations' },
  { to: '/sub-plan', label: 'Sub Plan' },
] as const;

/** Spec section 2: an entry is highlighted when the path equals or starts with its path. */
export const isNavActive = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);

const initialsOf = (user: CurrentUser): string =>
  (user.name || user.email)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

function MainNav({ onNavigate, vertical }: { onNavigate?: () => void; vertical?: boolean }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className={vertical ? 'shell-nav shell-nav--vertical' : 'shell-nav'}>
      {NAV_ITEMS.map((item) => {
        const active = isNavActive(pathname, item.to);
        return (
          <Link
            key={item.to}
            to={item.to}
            className={active ? 'shell-nav__link shell-nav__link--active' : 'shell-nav__link'}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** The signed-in frame: header with brand, navigation, search and account menu; footer. */
export default function AppShell({ children }: { children?: ReactNode }) {
  const { user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const unreadNotifications = useUnreadNotificationCount();

  const signOut = () => {
    setMenuOpen(false);
    logout.mutate(undefined, { onSettled: () => void navigate('/') });
  };

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
            onClick={() => setMenuOpen(true)}
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
            {user ? (
              <Dropdown
                trigger={['click']}
                placement="bottomRight"
                menu={{
                  items: [
                    {
                      key: 'who',
                      type: 'group',
                      label: (
                        <span className="shell-user-menu__who">
                          <strong>{user.name || user.firstName}</strong>
                          <span>{user.email}</span>
                        </span>
                      ),
                    },
                    { type: 'divider' },
                    { key: 'settings', icon: <SettingOutlined />, label: <Link to="/settings">Settings</Link> },
                    { key: 'signout', icon: <LogoutOutlined />, label: 'Sign out', onClick: signOut },
                  ],
                }}
              >
                <button type="button" className="shell-avatar-button shell-header__desktop-inline" aria-label="Account menu">
                  <Avatar style={{ backgroundColor: '#4f46e5' }}>{initialsOf(user)}</Avatar>
                </button>
              </Dropdown>
            ) : null}
          </div>
        </div>
      </header>

      <Drawer
        title={<BrandLogo to="/students" />}
        placement="left"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        size={300}
        closeIcon={<span aria-label="Close menu">✕</span>}
      >
        <div className="shell-drawer">
          <StudentSearch onNavigate={() => setMenuOpen(false)} />
          <MainNav vertical onNavigate={() => setMenuOpen(false)} />
          {user ? (
            <div className="shell-drawer__user">
              <Avatar style={{ backgroundColor: '#4f46e5' }}>{initialsOf(user)}</Avatar>
              <div>
                <div className="shell-drawer__name">{user.name || user.firstName}</div>
                <div className="shell-drawer__email">{user.email}</div>
              </div>
            </div>
          ) : null}
          <Button
            block
            icon={<BellOutlined />}
            aria-label={bellLabel(unreadNotifications)}
            onClick={() => { setMenuOpen(false); void navigate('/notifications'); }}
          >
            Notifications
            {unreadNotifications > 0 ? <Badge count={unreadNotifications} size="small" overflowCount={99} /> : null}
          </Button>
          <Button block icon={<SettingOutlined />} onClick={() => { setMenuOpen(false); void navigate('/settings'); }}>
            Settings
          </Button>
          <Button block danger icon={<LogoutOutlined />} onClick={signOut} loading={logout.isPending}>
            Sign out
          </Button>
        </div>
      </Drawer>

      <main id="main-content" className="shell-main" tabIndex={-1}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{children ?? <Outlet />}</Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
