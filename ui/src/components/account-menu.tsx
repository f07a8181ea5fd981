import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { CurrentUser } from '../lib/auth.ts';
import type { AccountMenuDropdownProps } from './account-menu-dropdown.tsx';
import { UserAvatar } from './user-avatar.tsx';

let dropdownModule: Promise<typeof import('./account-menu-dropdown.tsx')> | undefined;
const loadDropdown = () => (dropdownModule ??= import('./account-menu-dropdown.tsx'));

/**
 * The avatar button and its menu. antd's Dropdown (with Menu and Trigger, about 25 KB gzipped)
 * is fetched when the pointer or the focus first reaches the button, not before the page can
 * show; a click that comes before it has arrived opens the menu as soon as it has.
 */
export function AccountMenu({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  const [Dropdown, setDropdown] = useState<ComponentType<AccountMenuDropdownProps> | null>(null);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Wrapping the button in the Dropdown mounts a new <button>: focus moves across with it.
  const refocus = useRef(false);

  const load = () => {
    if (Dropdown) return;
    void loadDropdown().then(({ AccountMenuDropdown }) => {
      refocus.current = document.activeElement === buttonRef.current;
      setDropdown(() => AccountMenuDropdown);
    });
  };

  useEffect(() => {
    if (Dropdown && refocus.current) {
      refocus.current = false;
      buttonRef.current?.focus();
    }
  }, [Dropdown]);

  const signOut = () => {
    setOpen(false);
    onSignOut();
  };

  const button = (
    <button
      ref={buttonRef}
      type="button"
      className="shell-avatar-button shell-header__desktop-inline"
      aria-label="Account menu"
      onPointerEnter={load}
      onFocus={load}
      {...(Dropdown ? {} : { onClick: () => { load(); setOpen(true); } })}
    >
      <UserAvatar user={user} />
    </button>
  );

  return Dropdown ? (
    <Dropdown user={user} open={open} onOpenChange={setOpen} onSignOut={signOut}>
      {button}
    </Dropdown>
  ) : (
    button
  );
}
