import { Button, Tag, Tooltip, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { CATEGORY_COLORS, categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import { TOOLTIP_PROPS } from '../../../lib/tooltip-props.ts';

interface AccommodationCardProps {
  accommodation: Accommodation;
  onEdit: (accommodation: Accommodation) => void;
  onDelete: (accommodation: Accommodation) => void;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function AccommodationCard({ accommodation, onEdit, onDelete }: AccommodationCardProps) {
  const category = categoryOf(accommodation);
  return (
    <Card size="small" className="accommodation-card" data-testid="accommodation-card">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'flex-start' }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ display: 'block' }}>
            {accommodation.name}
          </Typography.Text>
          <Tag color={CATEGORY_COLORS[category]} style={{ marginTop: 4 }}>
            {capitalise(category)}
          </Tag>
          {accommodation.appliesToTests && <Tag style={{ marginTop: 4 }}>State and district tests</Tag>}
        </div>
        {accommodation.isTemplate ? (
          <Tooltip title="Pre-built templates are shared and read-only" {...TOOLTIP_PROPS}>
            <Tag>Template</Tag>
          </Tooltip>
        ) : (
          <div style={{ display: 'flex', gap: 4, flexShrink: 0 }}>
            <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Edit ${accommodation.name}`} onClick={() => onEdit(accommodation)} />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete ${accommodation.name}`}
              onClick={() => onDelete(accommodation)}
            />
          </div>
        )}
      </div>
      {accommodation.description && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {accommodation.description}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
