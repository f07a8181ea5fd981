import { Link } from 'react-router-dom';
import { Button } from 'antd';
import { Card } from '../../../components/card.tsx';
import { WarningOutlined } from '@ant-design/icons';
import { PublicPageLayout } from '../../../components/public-page-layout.tsx';

/** Spec section 2: any path the router does not know. */
export default function NotFoundPage() {
  return (
    <PublicPageLayout>
      <Card className="public-page__card">
        <h1 className="public-page__title">
          <WarningOutlined style={{ color: '#dc2626', marginRight: 8 }} aria-hidden="true" />
          404 Page Not Found
        </h1>
        <p className="public-page__lead">Did you forget to add the page to the router?</p>
        <Link to="/">
          <Button type="primary" tabIndex={-1}>
            Back to Home
          </Button>
        </Link>
      </Card>
    </PublicPageLayout>
  );
}
