import { Tag } from 'antd';
import { Card } from '../../../components/card.tsx';
import { CardHeading } from '../../../components/card-heading.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { anyRoleLabel } from '../../../lib/student-access.ts';
import { usePlanAcknowledgements } from '../api/acknowledgements.ts';
import { AcknowledgeButton } from './acknowledge-button.tsx';
import './plans-to-acknowledge.css';

/** Who has acknowledged the plan's latest version, and who is still asked to. */
export function PlanAcknowledgementsCard({ planId, userId }: { planId: string; userId: string }) {
  const teachers = usePlanAcknowledgements(planId);
  const list = teachers.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card size="small" title={<CardHeading>Acknowledgements · version {list[0]!.version}</CardHeading>} data-testid="plan-acknowledgements">
      <ul className="plans-to-acknowledge">
        {list.map((teacher) => (
          <li key={teacher.userId} className="plans-to-acknowledge__item">
            <div>
              {teacher.name} <span className="plans-to-acknowledge__since">({anyRoleLabel(teacher.role)})</span>
            </div>
            {teacher.acknowledgedAt !== null ? (
              <Tag color="green">Acknowledged {formatDateTime(teacher.acknowledgedAt)}</Tag>
            ) : teacher.userId === userId ? (
              <AcknowledgeButton planId={planId} version={teacher.version} />
            ) : (
              <Tag color="orange">Pending since {formatDateTime(teacher.pendingSince ?? '')}</Tag>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
