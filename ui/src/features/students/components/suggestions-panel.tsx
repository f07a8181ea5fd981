import { Button, Tag } from 'antd';
import { Card } from '../../../components/card.tsx';
import { PlusOutlined } from '@ant-design/icons';
import { CATEGORY_COLORS, categoryOf } from '@accommodate/shared-events/config/accommodation-categories';
import type { Suggestion } from '../api/get-student-suggestions.ts';

interface SuggestionsPanelProps {
  /** Already left out: what the form holds now. */
  suggestions: Suggestion[];
  onAdd: (accommodationId: string) => void;
}

/**
 * Suggested accommodations, labelled as suggestions to review (the terms say so of generated content): each with
 * its reason in counts, none applied without the teacher's click, and an added one saved only with the form.
 */
export function SuggestionsPanel({ suggestions, onAdd }: SuggestionsPanelProps) {
  return (
    <Card title="Suggestions to review" size="small" style={{ marginBottom: 16 }} className="suggestions-panel" role="region" aria-label="Suggestions to review">
      <p className="suggestions-panel__intro">
        Accommodations that often go with this student’s in your caseload. Nothing is added until you choose Add; added ones are saved with Update
        Student.
      </p>
      <ul className="suggestions-panel__list">
        {suggestions.map(({ accommodation, reason }) => (
          <li key={accommodation.id} className="suggestions-panel__item" data-testid="suggestion">
            <div className="suggestions-panel__text">
              <Tag color={CATEGORY_COLORS[categoryOf(accommodation)]}>{accommodation.name}</Tag>
              <span className="suggestions-panel__reason">{reason}</span>
            </div>
            <Button size="small" icon={<PlusOutlined />} onClick={() => onAdd(accommodation.id)} aria-label={`Add ${accommodation.name}`}>
              Add
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
