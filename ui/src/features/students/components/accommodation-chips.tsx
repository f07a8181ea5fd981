import { Tag, Tooltip } from 'antd';
import { CATEGORY_COLORS, categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import type { StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { TOOLTIP_PROPS } from '../../../lib/tooltip-props.ts';

/** The first `max` accommodations as chips coloured by category, the rest behind '+N more'. */
export function AccommodationChips({ accommodations, max }: { accommodations: StudentAccommodation[]; max: number }) {
  const shown = accommodations.slice(0, max);
  const rest = accommodations.slice(max);
  return (
    <div className="accommodation-chips">
      {shown.map((accommodation) => (
        <Tag key={accommodation.id} color={CATEGORY_COLORS[categoryOf(accommodation)]} style={{ marginInlineEnd: 4, marginBottom: 4 }}>
          {accommodation.name}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((a) => a.name).join(', ')} {...TOOLTIP_PROPS}>
          <Tag style={{ cursor: 'default', marginBottom: 4 }} tabIndex={0} className="no-print">
            +{rest.length} more
          </Tag>
        </Tooltip>
      )}
      {/* Paper has no tooltips: a printed list names every accommodation. */}
      {rest.length > 0 && <span className="print-only">{rest.map((a) => a.name).join(', ')}</span>}
    </div>
  );
}
