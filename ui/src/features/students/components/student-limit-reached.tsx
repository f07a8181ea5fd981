import { Button, Result, Space } from 'antd';
import { Card } from '../../../components/card.tsx';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';

/** Spec: the free plan's limit, in place of the form. Its own chunk: antd's Result carries its illustrations. */
export function StudentLimitReached({ limit }: { limit: number }) {
  return (
    <div>
      <PageHeader title="Student Limit Reached" />
      <Card style={{ maxWidth: 640 }}>
        <Result
          status="warning"
          title="Free Plan Limitation"
          subTitle={`The free plan is limited to ${limit} students. Upgrade to Premium for unlimited students and access to all features.`}
          extra={
            <Space wrap style={{ justifyContent: 'center' }}>
              <Link to="/upgrade">
                <Button type="primary">Upgrade to Premium</Button>
              </Link>
              <Link to="/students">
                <Button>Back to Students</Button>
              </Link>
            </Space>
          }
        />
      </Card>
    </div>
  );
}
