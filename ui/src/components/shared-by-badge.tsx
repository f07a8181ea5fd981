import { Tag, Tooltip } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import type { Student } from '@accommodate/shared-events/schemas/student';
import { roleLabel } from '../lib/student-access.ts';
import { TOOLTIP_PROPS } from '../lib/tooltip-props.ts';

/** 'Shared by NAME' on a student someone else owns, with my role in the tooltip. */
export function SharedByBadge({ student }: { student: Pick<Student, 'access' | 'sharedBy'> }) {
  if (!student.sharedBy || student.access === 'owner') return null;
  return (
    <Tooltip title={`You are a ${roleLabel(student.access).toLowerCase()} on this student`} {...TOOLTIP_PROPS}>
      {/* Focusable, so that the tooltip is not for mouse users only; the role is also in the text for screen readers. */}
      <Tag tabIndex={0} icon={<TeamOutlined />} color="purple" data-testid="shared-by" style={{ marginInlineEnd: 0, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        Shared by {student.sharedBy.name}
        <span className="visually-hidden">, you are a {roleLabel(student.access).toLowerCase()}</span>
      </Tag>
    </Tooltip>
  );
}
