import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Collapse, Modal, Result, Tag } from 'antd';
import { Card } from '../../../components/card.tsx';
import {
  BellOutlined, CheckOutlined, FilePdfOutlined, HistoryOutlined, ShareAltOutlined, SnippetsOutlined, TeamOutlined,
} from '@ant-design/icons';
import {
  FREE_STUDENT_LIMIT, PREMIUM_MONTHLY_PRICE_USD, SUPPORT_EMAIL, formatPrice,
} from '@accommodate/shared-events/config/plans';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { toast } from '../../../lib/toast.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { useCancelPremium, useUpgradeToPremium } from '../api/change-plan.ts';
import { FREE_PLAN_KEEPS } from '@accommodate/shared-events/domain/student/free-plan-archive';
import './upgrade-page.css';

const REDIRECT_DELAY_MS = 1500;

// Only what the product does. Premium lifts the student limit (the one thing the server checks); every other
// feature is in both plans, and the page says so rather than implying otherwise.
const FREE_FEATURES = [
  `Up to ${FREE_STUDENT_LIMIT} students of your own`,
  'Pre-built and custom accommodations',
  'Sharing with co-teachers, substitutes and auditors',
  'Plan review reminders',
  'PDF exports and printing',
];
const PREMIUM_FEATURES = ['Unlimited students', 'Everything in the Free plan'];

const FEATURE_GRID = [
  { icon: <TeamOutlined />, title: 'Unlimited Students', text: 'Track every student on your caseload, with no cap.', premiumOnly: true },
  { icon: <SnippetsOutlined />, title: 'Custom Accommodations', text: 'Write your own accommodations and reuse them across students.', premiumOnly: false },
  { icon: <ShareAltOutlined />, title: 'Sharing', text: 'Co-teachers edit, substitutes see what they need for the day, auditors review.', premiumOnly: false },
  { icon: <BellOutlined />, title: 'Review Reminders', text: 'Notifications and e-mails before plan reviews, and alerts on shared students.', premiumOnly: false },
  { icon: <FilePdfOutlined />, title: 'PDF Exports', text: 'Print-ready accommodation lists for subs, meetings and families.', premiumOnly: false },
  { icon: <HistoryOutlined />, title: 'History and Access Log', text: 'Who changed what and when, and every access to a record.', premiumOnly: false },
];

const FAQ = [
  {
    key: 'difference',
    label: 'What does Premium add?',
    children: `No limit on students. A Free account holds up to ${FREE_STUDENT_LIMIT} students of its own (students shared with you do not count). Everything else is in both plans.`,
  },
  {
    key: 'cancel',
    label: 'Can I cancel Premium?',
    children: `Yes, at any time, on this page. Your account then returns to the Free plan. ${FREE_PLAN_KEEPS} A change of plan never deletes a student.`,
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
  const cancel = useCancelPremium();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
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

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (free) => {
        setConfirmingCancel(false);
        const archived = user.studentCount - free.studentCount;
        toast({
          title: 'Premium Cancelled',
          description:
            archived > 0
              ? `Your account is on the Free plan. ${archived} ${archived === 1 ? 'student was' : 'students were'} archived; they come back when you upgrade again.`
              : 'Your account is on the Free plan.',
        });
      },
      onError: (error) =>
        toast({ title: 'Cancel Failed', description: serverMessageOr(error, 'Failed to cancel Premium. Please try again.'), variant: 'destructive' }),
    });

  if (user.isPremium) {
    return (
      <>
        <Result
          status="success"
          title={<h1 className="upgrade-result-title">You're already a Premium member!</h1>}
          subTitle="Your account has no limit on students."
          extra={[
            <Button key="dashboard" type="primary" onClick={() => void navigate('/dashboard')}>
              Return to Dashboard
            </Button>,
            <Button key="cancel" onClick={() => setConfirmingCancel(true)}>
              Cancel Premium
            </Button>,
          ]}
        />
        <Modal
          open={confirmingCancel}
          title="Cancel Premium?"
          okText="Cancel Premium"
          cancelText="Keep Premium"
          okButtonProps={{ danger: true, loading: cancel.isPending }}
          onOk={onCancel}
          onCancel={() => setConfirmingCancel(false)}
        >
          <p>Your account returns to the Free plan, which holds up to {FREE_STUDENT_LIMIT} students of your own.</p>
          <p data-testid="cancel-rule">{FREE_PLAN_KEEPS}</p>
        </Modal>
      </>
    );
  }

  return (
    <div className="upgrade">
      <PageHeader title="Upgrade to Premium" description={`Premium lifts the Free plan's limit of ${FREE_STUDENT_LIMIT} students.`} />

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
                <p className="upgrade-feature__plans">{feature.premiumOnly ? 'Premium' : 'Free and Premium'}</p>
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
