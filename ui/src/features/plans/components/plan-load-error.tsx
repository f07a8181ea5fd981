import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ApiRequestError } from '../../../lib/api-client.ts';

const RESULT_TITLE = { margin: 0, fontSize: '1.5rem' };

/**
 * A plan that cannot be shown, in words and with a way back: a 404 (no such plan, or one not shared with this
 * person; the server does not say which) reads 'Plan not found', never the raw '404: {"message":…}'.
 * Its own file so the plan page loads antd's Result (and its illustrations) only when it is needed.
 */
export function PlanLoadError({ error }: { error: Error }) {
  const navigate = useNavigate();
  const back = (
    <Button type="primary" onClick={() => void navigate('/students')}>
      Back to Students
    </Button>
  );
  if (error instanceof ApiRequestError && error.status === 404) {
    return (
      <Result
        status="404"
        title={<h1 style={RESULT_TITLE}>Plan not found</h1>}
        subTitle="This plan does not exist, or it has not been shared with you. Its student's page lists the plans you can open."
        extra={back}
      />
    );
  }
  const message = error instanceof ApiRequestError ? error.serverMessage : null;
  return (
    <Result
      status="error"
      title={<h1 style={RESULT_TITLE}>Error loading plan</h1>}
      subTitle={message ?? 'The plan could not be loaded. Please try again.'}
      extra={back}
    />
  );
}
