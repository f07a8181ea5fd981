import { Button, Col, Input, Row, Segmented } from 'antd';
import { Card } from '../../../components/card.tsx';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import { ALL, type ClassOption, type GroupBy, type StudentFilters } from './students-list-model.ts';
import type { ViewMode } from './use-view-mode.ts';
import { FilterLabel, FilterSelect } from '../../../components/filter-select.tsx';

interface StudentFiltersCardProps {
  filters: StudentFilters;
  onFiltersChange: (filters: StudentFilters) => void;
  grades: string[];
  accommodationNames: string[];
  /** My classes; with none, no Class filter nor grouping. */
  classes: readonly ClassOption[];
  groupBy: GroupBy;
  onGroupByChange: (groupBy: GroupBy) => void;
  viewMode: ViewMode;
  onViewModeChange: (mode: ViewMode) => void;
  filtered: boolean;
  onReset: () => void;
}

export function StudentFiltersCard(props: StudentFiltersCardProps) {
  const { filters, onFiltersChange } = props;
  const set = (patch: Partial<StudentFilters>) => onFiltersChange({ ...filters, ...patch });
  return (
    <Card size="small" className="no-print" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 12]}>
        <Col xs={24} md={12} lg={6}>
          <FilterLabel>Search</FilterLabel>
          <Input.Search
            placeholder="Search by name..."
            aria-label="Search by name"
            allowClear
            value={filters.search}
            onChange={(event) => set({ search: event.target.value })}
          />
        </Col>
        <FilterSelect
          label="Status"
          value={filters.status}
          onChange={(status) => set({ status })}
          options={[
            { value: ALL, label: 'All Statuses' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
            { value: 'issue', label: 'Requires Attention' },
          ]}
        />
        <FilterSelect
          label="Grade"
          value={filters.grade}
          onChange={(grade) => set({ grade })}
          options={[{ value: ALL, label: 'All Grades' }, ...props.grades.map((grade) => ({ value: grade, label: gradeLabel(grade) }))]}
        />
        <FilterSelect
          label="Accommodation"
          value={filters.accommodation}
          onChange={(accommodation) => set({ accommodation })}
          showSearch
          options={[{ value: ALL, label: 'All Accommodations' }, ...props.accommodationNames.map((name) => ({ value: name, label: name }))]}
        />
        {props.classes.length > 0 && (
          <FilterSelect
            label="Class"
            value={filters.classId}
            onChange={(classId) => set({ classId })}
            options={[{ value: ALL, label: 'All Classes' }, ...props.classes.map((option) => ({ value: option.id, label: option.name }))]}
          />
        )}
        <Col xs={24} md={10}>
          <FilterLabel>Group Students By</FilterLabel>
          <Segmented<GroupBy>
            aria-label="Group Students By"
            value={props.groupBy}
            onChange={props.onGroupByChange}
            options={[
              { value: 'none', label: 'None' },
              { value: 'grade', label: 'Grade' },
              { value: 'status', label: 'Status' },
              ...(props.classes.length > 0 ? [{ value: 'class' as const, label: 'Class' }] : []),
            ]}
          />
        </Col>
        <Col xs={24} md={8}>
          <FilterLabel>Display View</FilterLabel>
          <Segmented<ViewMode>
            aria-label="Display View"
            value={props.viewMode}
            onChange={props.onViewModeChange}
            options={[
              { value: 'grid', label: 'Grid' },
              { value: 'list', label: 'List' },
            ]}
          />
        </Col>
        <Col xs={24} md={6} style={{ display: 'flex', alignItems: 'flex-end' }}>
          <Button block disabled={!props.filtered} onClick={props.onReset}>
            Reset All Filters
          </Button>
        </Col>
      </Row>
    </Card>
  );
}
