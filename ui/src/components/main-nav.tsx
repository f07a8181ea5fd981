import { Link, useLocation } from 'react-router-dom';

const NAV_ITEMS = [
  { to: '/students', label: 'Students' },
  { to: '/classes', label: 'Classes' },
  { to: '/accommodations', label: 'Accommodations' },
  { to: '/sub-plan', label: 'Sub Plan' },
] as const;

/** Spec section 2: an entry is highlighted when the path equals or starts with its path. */
export const isNavActive = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);

export function MainNav({ onNavigate, vertical }: { onNavigate?: () => void; vertical?: boolean }) {
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
