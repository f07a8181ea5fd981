import { Alert } from 'antd';
import { Link } from 'react-router-dom';
import { usePendingAcknowledgements } from '../api/acknowledgements.ts';
import { AcknowledgeButton } from './acknowledge-button.tsx';

/** On the student's page: each version of the student's plans the teacher has yet to acknowledge. */
export function AcknowledgementBanner({ studentId }: { studentId: string }) {
  const pending = usePendingAcknowledgements();
  const mine = (pending.data ?? []).filter((entry) => entry.studentId === studentId);
  if (mine.length === 0) return null;
  return (
    <div style={{ display: 'grid', gap: 8, marginBottom: 16 }} data-testid="acknowledgement-banner">
      {mine.map((entry) => (
        <Alert
          key={`${entry.planId}:${entry.version}`}
          type="warning"
          showIcon
          title={`Plan version ${entry.version} needs your acknowledgement`}
          description={<Link to={`/plans/${encodeURIComponent(entry.planId)}`}>Read the plan</Link>}
          action={<AcknowledgeButton planId={entry.planId} version={entry.version} />}
        />
      ))}
    </div>
  );
}
