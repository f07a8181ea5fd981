import { Tag } from 'antd';
import { statusColor, statusLabel } from './students-list-model.ts';

export function StudentStatusBadge({ status, where }: { status: string; where: 'list' | 'detail' }) {
  return <Tag color={statusColor(status)}>{statusLabel(status, where)}</Tag>;
}
