import { Link } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { usePendingAcknowledgements } from '../api/acknowledgements.ts';
import { AcknowledgeButton } from './acknowledge-button.tsx';
import './plans-to-acknowledge.css';

/** The dashboard's 'Plans to acknowledge': shown while the teacher has any. */
export function PlansToAcknowledge() {
  const pending = usePendingAcknowledgements();
  const list = pending.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card size="small" className="plans-to-acknowledge-card" title={<CardHeading>Plans to acknowledge</CardHeading>} data-testid="plans-to-acknowledge">
      <ul className="plans-to-acknowledge">
        {list.map((entry) => (
          <li key={`${entry.planId}:${entry.version}`} className="plans-to-acknowledge__item">
            <div>
              <Link to={`/plans/${encodeURIComponent(entry.planId)}`}>{entry.studentName}</Link>
              <div className="plans-to-acknowledge__since">
                Version {entry.version} · since {formatListDate(entry.since.slice(0, 10))}
              </div>
            </div>
            <AcknowledgeButton planId={entry.planId} version={entry.version} label={`Acknowledge ${entry.studentName}’s plan`} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
