import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Spin } from 'antd';
import { Card } from '../../../components/card.tsx';
import { AppstoreOutlined, LogoutOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '@accommodate/shared-events/config/plans';
import { useCurrentUser } from '../../../lib/auth.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import './home-dashboard.css';

const CARDS = [
  { title: 'Students', text: 'Manage your students and their 504 plans', button: 'View Students', to: '/students', icon: <TeamOutlined /> },
  { title: 'Accommodations', text: 'Manage accommodation templates and assignments', button: 'View Accommodations', to: '/accommodations', icon: <AppstoreOutlined /> },
  { title: 'Settings', text: 'Configure your account and preferences', button: 'View Settings', to: '/settings', icon: <SettingOutlined /> },
] as const;

const STEPS = [
  { title: 'Add your students', text: 'Add the students who have 504 plans in your classroom.' },
  { title: 'Set up accommodations', text: 'Create your own or select from pre-built accommodation templates.' },
  { title: 'Assign accommodations', text: "Assign specific accommodations to each student based on their needs." },
] as const;

/** Full-page navigation: the server ends the session and sends the browser to "/". */
const signOut = () => window.location.assign('/api/logout');

/** `beforeGuide`: what the app adds from other features (the plans to acknowledge). */
export default function HomeDashboard({ beforeGuide }: { beforeGuide?: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading || !user) {
    return (
      <div className="home-dashboard__spinner">
        <Spin size="large" description="Loading" />
      </div>
    );
  }
  return (
    <div className="home-dashboard">
      <PageHeader
        title={`Welcome to ${PRODUCT_NAME}`}
        description={`Welcome back, ${user.firstName || user.email}`}
        actions={
          <Button icon={<LogoutOutlined />} onClick={signOut}>
            Sign Out
          </Button>
        }
      />
      <div className="home-dashboard__cards">
        {CARDS.map((card) => (
          <Card key={card.title} className="home-dashboard__card">
            <span className="home-dashboard__icon" aria-hidden="true">{card.icon}</span>
            <h2 className="home-dashboard__card-title">{card.title}</h2>
            <p className="home-dashboard__card-text">{card.text}</p>
            <Link to={card.to}>
              <Button type="primary" block tabIndex={-1}>
                {card.button}
              </Button>
            </Link>
          </Card>
        ))}
      </div>
      {beforeGuide}
      <Card className="home-dashboard__guide">
        <h2 className="home-dashboard__guide-title">Quick Start Guide</h2>
        <p className="home-dashboard__card-text">Get started with managing your students' 504 plans</p>
        <ol className="home-dashboard__steps">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <span className="home-dashboard__step-number" aria-hidden="true">{index + 1}</span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
