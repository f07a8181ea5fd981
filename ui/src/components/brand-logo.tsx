import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@accommodate/shared-events/config/plans';
import './brand-logo.css';

/** The gradient text logo. Signed-in pages link it to /students (spec section 2). */
export function BrandLogo({ to }: { to: string }) {
  return (
    <Link to={to} className="brand-logo" aria-label={`${PRODUCT_NAME} home`}>
      {PRODUCT_NAME}
    </Link>
  );
}
