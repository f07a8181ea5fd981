import { Button, Checkbox, Empty, Tabs, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import {
  ACCOMMODATION_CATEGORIES,
  CATEGORY_COLORS,
  categoryOf,
} from '@accommodate/shared-events/config/accommodation-categories';
import type { Accommodation } from '@accommodate/shared-events/schemas/accommodation';
import { PlainText } from '../../../components/plain-text.tsx';
import '../../../components/wrapping-tabs.css';

interface AccommodationPickerProps {
  library: Accommodation[];
  value: string[];
  onChange: (ids: string[]) => void;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function AccommodationPicker({ library, value, onChange }: AccommodationPickerProps) {
  const navigate = useNavigate();
  if (library.length === 0) {
    return (
      <Empty description={<PlainText strong>No Accommodations Available</PlainText>}>
        <Button onClick={() => void navigate('/accommodations')}>Go to Accommodations</Button>
      </Empty>
    );
  }
  const selected = new Set(value);
  const byId = new Map(library.map((accommodation) => [accommodation.id, accommodation]));
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));

  return (
    <div>
      {value.length > 0 && (
        <div style={{ marginBottom: 12 }} aria-label="Selected accommodations">
          {value.map((id) => {
            const accommodation = byId.get(id);
            if (!accommodation) return null;
            return (
              <Tag
                key={id}
                color={CATEGORY_COLORS[categoryOf(accommodation)]}
                closable
                onClose={() => toggle(id, false)}
                style={{ marginBottom: 4 }}
              >
                {accommodation.name}
              </Tag>
            );
          })}
        </div>
      )}
      <Tabs
        className="wrapping-tabs"
        size="small"
        items={ACCOMMODATION_CATEGORIES.map((category) => {
          const items = library
            .filter((accommodation) => categoryOf(accommodation) === category)
            .sort((a, b) => a.name.localeCompare(b.name));
          return {
            key: category,
            label: capitalise(category),
            children: (
              <div className="accommodation-picker-list">
                {items.length === 0 ? (
                  <PlainText type="secondary">No {category} accommodations found</PlainText>
                ) : (
                  items.map((accommodation) => (
                    <div key={accommodation.id} className="accommodation-picker-item">
                      <Checkbox checked={selected.has(accommodation.id)} onChange={(event) => toggle(accommodation.id, event.target.checked)}>
                        <span>{accommodation.name}</span>
                        {accommodation.description && (
                          <PlainText type="secondary" style={{ display: 'block', fontSize: 12 }}>
                            {accommodation.description}
                          </PlainText>
                        )}
                      </Checkbox>
                    </div>
                  ))
                )}
              </div>
            ),
          };
        })}
      />
    </div>
  );
}
