import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ApiRequestError } from '../../../lib/api-client.ts';

/** Spec: 'Error loading student', the message or a fallback, and a way back. Its own file so the edit page does not pull the detail page. */
export function StudentLoadError({ error }: { error: Error | null }) {
  const navigate = useNavigate();
  const message = error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : error?.message;
  return (
    <Result
      status="error"
      title="Error loading student"
      subTitle={message || 'An unknown error occurred.'}
      extra={<Button onClick={() => void navigate('/students')}>Back to Students</Button>}
    />
  );
}

/** The edit page for someone the student was shared with to view only. */
export function StudentEditForbidden({ studentId }: { studentId: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="View only"
      subTitle="This student was shared with you to view, not to edit."
      extra={<Button onClick={() => void navigate(`/students/${encodeURIComponent(studentId)}`)}>Back to Student</Button>}
    />
  );
}
