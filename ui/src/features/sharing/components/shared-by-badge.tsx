import { Tag, Tooltip } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import type { Student } from '@accommodate/shared-events/schemas/student';
import { roleLabel } from '../share-model.ts';
import { TOOLTIP_PROPS } from '../../../lib/tooltip-props.ts';

/** 'Shared by NAME' on a student someone else owns, with my role in the tooltip. */
export function SharedByBadge({ student }: { student: Pick<Student, 'access' | 'sharedBy'> }) {
  if (!student.sharedBy || student.access === 'owner') return null;
  return (
    <Tooltip title={`You are a ${roleLabel(student.access).toLowerCase()} on this student`} {...TOOLTIP_PROPS}>
      <Tag icon={<TeamOutlined />} color="purple" data-testid="shared-by" style={{ marginInlineEnd: 0, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        Shared by {student.sharedBy.name}
      </Tag>
    </Tooltip>
  );
}
