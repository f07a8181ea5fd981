import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@accommodate/shared-events/config/plans';

/** Sign-in is a full-page navigation: the server decides where the sign-in form lives. */
const signIn = () => window.location.assign('/api/login');

export function LandingTopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="landing-bar">
      <div className="landing-container landing-bar__inner">
        <Link to="/" className="brand-logo landing-bar__logo">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main" className={menuOpen ? 'landing-bar__nav landing-bar__nav--open' : 'landing-bar__nav'} id="landing-menu">
          <a href="#features" onClick={() => setMenuOpen(false)}>Features</a>
          <a href="#pricing" onClick={() => setMenuOpen(false)}>Pricing</a>
          <Link to="/register" onClick={() => setMenuOpen(false)}>Create account</Link>
          <button
            type="button"
            className="landing-button landing-button--primary landing-bar__signin"
            onClick={() => {
              setMenuOpen(false);
              signIn();
            }}
          >
            Sign in
          </button>
        </nav>
        <button
          type="button"
          className="landing-bar__toggle"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="landing-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>
    </header>
  );
}
