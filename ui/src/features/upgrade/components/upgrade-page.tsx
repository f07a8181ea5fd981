import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Collapse, Result, Tag } from 'antd';
import {
  BellOutlined, BulbOutlined, CheckOutlined, CustomerServiceOutlined, FilePdfOutlined, SnippetsOutlined, TeamOutlined,
} from '@ant-design/icons';
import {
  FREE_STUDENT_LIMIT, PREMIUM_MONTHLY_PRICE_USD, SUPPORT_EMAIL, formatPrice,
} from '@accommodate/shared-events/config/plans';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { toast } from '../../../lib/toast.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { useUpgradeToPremium } from '../api/upgrade-to-premium.ts';
import './upgrade-page.css';

const REDIRECT_DELAY_MS = 1500;

const FREE_FEATURES = [`Up to ${FREE_STUDENT_LIMIT} students`, 'Basic accommodation tracking', 'Single classroom view', 'Pre-built accommodation templates'];
const PREMIUM_FEATURES = ['Unlimited students', 'AI accommodation recommendations', 'Custom accommodation templates', 'Detailed notifications', 'PDF exports', 'Priority support'];

const FEATURE_GRID = [
  { icon: <TeamOutlined />, title: 'Unlimited Students', text: 'Track every student on your caseload, with no cap.' },
  { icon: <BulbOutlined />, title: 'AI Recommendations', text: 'Suggested accommodations to review and adapt for each student.' },
  { icon: <SnippetsOutlined />, title: 'Custom Templates', text: 'Save your own accommodations and reuse them across students.' },
  { icon: <BellOutlined />, title: 'Detailed Notifications', text: 'Reminders before plan reviews and alerts on shared students.' },
  { icon: <FilePdfOutlined />, title: 'PDF Exports', text: 'Print-ready accommodation lists for subs, meetings and families.' },
  { icon: <CustomerServiceOutlined />, title: 'Priority Support', text: 'Faster answers from our support team.' },
];

const FAQ = [
  {
    key: 'downgrade',
    label: 'What happens if I downgrade to Free?',
    children: `You keep your first ${FREE_STUDENT_LIMIT} students. The rest are archived, not deleted, and come back if you upgrade again.`,
  },
  {
    key: 'cancel',
    label: 'Can I cancel at any time?',
    children: 'Yes. You can cancel whenever you like, and Premium stays active until the end of your current billing period.',
  },
  {
    key: 'data',
    label: 'Is my students’ data safe?',
    children: 'Yes. Free and Premium accounts get the same protections, designed around FERPA. We never sell student data.',
  },
];

export default function UpgradePage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const upgrade = useUpgradeToPremium();
  const [justUpgraded, setJustUpgraded] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  if (!user) return null;

  const onUpgrade = () =>
    upgrade.mutate(undefined, {
      onSuccess: () => {
        setJustUpgraded(true);
        toast({ title: 'Upgrade Successful', description: 'Welcome to Premium! Your account now has unlimited students.' });
        redirectTimer.current = window.setTimeout(() => void navigate('/dashboard'), REDIRECT_DELAY_MS);
      },
      onError: (error) =>
        toast({
          title: 'Upgrade Failed',
          description: serverMessageOr(error, 'Failed to upgrade to premium. Please try again.'),
          variant: 'destructive',
        }),
    });

  if (justUpgraded) {
    return <Result status="success" title={<h1 className="upgrade-result-title">Welcome to Premium!</h1>} subTitle="Taking you to your dashboard..." />;
  }

  if (user.isPremium) {
    return (
      <Result
        status="success"
        title={<h1 className="upgrade-result-title">You're already a Premium member!</h1>}
        subTitle="You have unlimited students and every Premium feature."
        extra={
          <Button type="primary" onClick={() => void navigate('/dashboard')}>
            Return to Dashboard
          </Button>
        }
      />
    );
  }

  return (
    <div className="upgrade">
      <PageHeader title="Upgrade to Premium" description="Unlimited students and every tool for managing 504 plans." />

      <div className="upgrade-plans">
        <Card className="upgrade-plan">
          <h2 className="upgrade-plan__name">Free Plan</h2>
          <p className="upgrade-plan__price">
            <strong>{formatPrice(0)}</strong>/month
          </p>
          <ul className="upgrade-plan__features">
            {FREE_FEATURES.map((feature) => (
              <li key={feature}><CheckOutlined aria-hidden="true" /> {feature}</li>
            ))}
          </ul>
          <Button block disabled>Current Plan</Button>
        </Card>
        <Card className="upgrade-plan upgrade-plan--premium">
          <Tag color="#4f46e5" className="upgrade-plan__badge">RECOMMENDED</Tag>
          <h2 className="upgrade-plan__name">Premium Plan</h2>
          <p className="upgrade-plan__price">
            <strong>{formatPrice(PREMIUM_MONTHLY_PRICE_USD)}</strong>/month
          </p>
          <ul className="upgrade-plan__features">
            {PREMIUM_FEATURES.map((feature) => (
              <li key={feature}><CheckOutlined aria-hidden="true" /> {feature}</li>
            ))}
          </ul>
          <Button type="primary" block size="large" onClick={onUpgrade} disabled={upgrade.isPending}>
            {upgrade.isPending ? 'Processing...' : 'Upgrade to Premium'}
          </Button>
        </Card>
      </div>

      <section aria-labelledby="premium-features" className="upgrade-section">
        <h2 id="premium-features" className="upgrade-section__title">Premium Features</h2>
        <ul className="upgrade-features">
          {FEATURE_GRID.map((feature) => (
            <li key={feature.title} className="upgrade-feature">
              <span className="upgrade-feature__icon" aria-hidden="true">{feature.icon}</span>
              <div>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="upgrade-faq" className="upgrade-section">
        <h2 id="upgrade-faq" className="upgrade-section__title">Frequently Asked Questions</h2>
        <Collapse items={FAQ} />
      </section>

      <p className="upgrade-support">
        Questions about Premium? Contact us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </div>
  );
}
