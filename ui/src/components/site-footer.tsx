import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@accommodate/shared-events/config/plans';
import './site-footer.css';

/** Spec section 2, shared footer. Plain markup: the landing page uses it too. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__line">
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
          <p className="site-footer__line site-footer__made">Made by the {PRODUCT_NAME} team, for teachers.</p>
        </div>
        <nav aria-label="Legal" className="site-footer__links">
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </nav>
      </div>
    </footer>
  );
}
