import { Typography } from 'antd';
import { fieldLabel, fieldValue, type RecordEntity } from '@accommodate/shared-events/schemas/record-display';

/** One changed field, as people say it: "Status: Active → Requires Attention". */
export function ChangeLine({ entity, field, before, after }: { entity: RecordEntity; field: string; before: unknown; after: unknown }) {
  return (
    <div className="history-change">
      <Typography.Text strong>{fieldLabel(entity, field)}: </Typography.Text>
      <Typography.Text delete type="secondary">{fieldValue(entity, field, before)}</Typography.Text>
      {' → '}
      <Typography.Text>{fieldValue(entity, field, after)}</Typography.Text>
    </div>
  );
}
