import { Link } from 'react-router-dom';
import { Button } from 'antd';
import { Card } from '../../../components/card.tsx';
import { MailOutlined } from '@ant-design/icons';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@accommodate/shared-events/config/plans';
import { PublicPageLayout } from '../../../components/public-page-layout.tsx';

const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`${PRODUCT_NAME} for our district`)}`;

/** Contact Sales for the District tier: a real address to write to, not a form that goes nowhere. */
export default function ContactPage() {
  return (
    <PublicPageLayout>
      <Card className="public-page__card">
        <h1 className="public-page__title">Contact Sales</h1>
        <p className="public-page__lead">
          Bring {PRODUCT_NAME} to your whole school or district: unlimited accounts, district-wide tracking, an admin
          accommodation dashboard and dedicated support.
        </p>
        <p>
          Write to us at <a href={mailto}>{SUPPORT_EMAIL}</a> with your district's name, the number of schools and staff,
          and a good time to talk. We answer within one school day.
        </p>
        <p className="public-page__note">
          Please do not include student names or other student information in your e-mail.
        </p>
        <div className="public-page__actions">
          <Button type="primary" size="large" icon={<MailOutlined />} href={mailto}>
            Email {SUPPORT_EMAIL}
          </Button>
          <Link to="/">Back to Home</Link>
        </div>
      </Card>
    </PublicPageLayout>
  );
}
