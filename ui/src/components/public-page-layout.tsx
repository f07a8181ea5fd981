import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo.tsx';
import { SiteFooter } from './site-footer.tsx';
import './public-page-layout.css';

/** Frame for pages anyone may open (sign-in, legal, contact, not-found): logo, content, footer. */
export function PublicPageLayout({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="public-page">
      <header className="public-page__bar">
        <div className="public-page__bar-inner">
          <BrandLogo to="/" />
        </div>
      </header>
      <main id="main-content" className={wide ? 'public-page__main public-page__main--wide' : 'public-page__main'}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
