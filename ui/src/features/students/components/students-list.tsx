import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Segmented, Skeleton, Typography } from 'antd';
import { Card } from '../../../components/card.tsx';
import { AppstoreOutlined, CheckSquareOutlined, FilterOutlined, PlusOutlined, ShareAltOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Plan } from '@accommodate/shared-events/schemas/plan';
import { PageHeader } from '../../../components/page-header.tsx';
import { permissionsFor } from '../../../lib/student-access.ts';
import { useStudents } from '../api/get-students.ts';
import { useAllStudentAccommodations } from '../api/get-all-student-accommodations.ts';
import { StudentCard } from './student-card.tsx';
import { useViewMode, type ViewMode } from './use-view-mode.ts';
import { useStudentsListState } from './use-students-list-state.ts';
import {
  NO_FILTERS,
  accommodationOptions,
  buildRows,
  filterRows,
  gradeOptions,
  groupRows,
  type ClassOption,
  isFiltered,
  studentCountLabel,
  type GroupBy,
  type StudentFilters,
  type StudentGroup,
} from './students-list-model.ts';
import './students-list.css';

// Grid is the default view: the list view's antd Table (with Pagination, about 50 KB gzipped) and the
// filters (Select) load when they are first shown.
const StudentsTable = lazy(() => import('./students-table.tsx').then((m) => ({ default: m.StudentsTable })));
const StudentFiltersCard = lazy(() => import('./student-filters.tsx').then((m) => ({ default: m.StudentFiltersCard })));

/** Grid cards render in pages so 2,000 students stay responsive. */
const GRID_PAGE_SIZE = 60;

/** What "Share selected" opens: the selected students, by id and display name. */
export interface ShareSelectedDialogProps {
  open: boolean;
  onClose: () => void;
  students: { id: string; name: string }[];
  /** Called after a successful share, to clear the selection. */
  onShared: () => void;
}

interface StudentsListProps {
  /** Every plan the user may see: each row shows its student's latest update and next review. */
  plans: readonly Plan[] | undefined;
  /** The sharing dialog, from the app (students do not import sharing); rendered inside a Suspense boundary. */
  renderShareDialog: (props: ShareSelectedDialogProps) => ReactNode;
  /** My active classes, from the app (students do not import classes): the Class filter and grouping. */
  classes?: readonly ClassOption[];
}

const NO_CLASSES: readonly ClassOption[] = [];

/** The Students screen: header actions, filters, grid or list, and the selection to share. */
export function StudentsList({ plans, renderShareDialog, classes = NO_CLASSES }: StudentsListProps) {
  const navigate = useNavigate();
  const students = useStudents();
  const accommodations = useAllStudentAccommodations((students.data?.length ?? 0) > 0);
  const [viewMode, setViewMode] = useViewMode();
  const [listState, setListState] = useStudentsListState();
  const { filters, groupBy, showFilters } = listState;
  const [gridLimit, setGridLimit] = useState(GRID_PAGE_SIZE);
  // Students picked for "Share selected"; only the user's own can be shared.
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [sharingSelected, setSharingSelected] = useState(false);
  // Stays true after the first opening, so that closing still animates.
  const [shareDialogMounted, setShareDialogMounted] = useState(false);

  const rows = useMemo(
    () => buildRows(students.data ?? [], accommodations.data, plans),
    [students.data, accommodations.data, plans],
  );
  const visibleRows = useMemo(() => filterRows(rows, filters, classes), [rows, filters, classes]);
  const groups = useMemo(() => groupRows(visibleRows, groupBy, classes), [visibleRows, groupBy, classes]);
  const filtered = isFiltered(filters);
  const selectedRows = rows.filter((row) => selectedIds.has(row.student.id));
  const toggleSelected = (id: string, selected: boolean) =>
    setSelectedIds((previous) => {
      const next = new Set(previous);
      if (selected) next.add(id);
      else next.delete(id);
      return next;
    });
  const setFilters = (next: StudentFilters) => {
    setListState({ ...listState, filters: next });
    setGridLimit(GRID_PAGE_SIZE);
  };
  const setGroupBy = (next: GroupBy) => setListState({ ...listState, groupBy: next });

  const headerActions = (
    <div className="no-print" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Segmented<ViewMode>
        aria-label="View"
        value={viewMode}
        onChange={setViewMode}
        // The words are what a screen reader says ('Grid view'), not the icons' names ('appstore').
        options={[
          { value: 'grid', icon: <AppstoreOutlined aria-hidden="true" />, label: <span className="visually-hidden">Grid view</span>, title: 'Grid view' },
          { value: 'list', icon: <UnorderedListOutlined aria-hidden="true" />, label: <span className="visually-hidden">List view</span>, title: 'List view' },
        ]}
      />
      <Button icon={<FilterOutlined />} type={showFilters ? 'primary' : 'default'} ghost={showFilters} aria-pressed={showFilters} onClick={() => setListState({ ...listState, showFilters: !showFilters })}>
        Filters
      </Button>
      {/* The implementation log: the share of school days logged per student, and the day view from there. */}
      <Button icon={<CheckSquareOutlined />} onClick={() => void navigate('/implementation/coverage')}>
        Implementation
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/students/new')}>
        New Student
      </Button>
    </div>
  );

  return (
    <div className="students-page">
      <PageHeader title="Students" description="Manage your students and their accommodations" actions={headerActions} />
      {showFilters && (
        <Suspense fallback={null}>
          <StudentFiltersCard
            filters={filters}
            onFiltersChange={setFilters}
            grades={gradeOptions(rows)}
            accommodationNames={accommodationOptions(rows)}
            classes={classes}
            groupBy={groupBy}
            onGroupByChange={setGroupBy}
            viewMode={viewMode}
            onViewModeChange={setViewMode}
            filtered={filtered}
            onReset={() => setFilters(NO_FILTERS)}
          />
        </Suspense>
      )}
      {students.isPending ? (
        <div className="students-grid" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Card size="small" key={index} data-testid="student-skeleton">
              <Skeleton avatar active paragraph={{ rows: 2 }} />
            </Card>
          ))}
        </div>
      ) : students.isError ? (
        <Empty description={students.error.message} />
      ) : visibleRows.length === 0 ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Title level={4}>No students found</Typography.Title>
                <Typography.Paragraph type="secondary">
                  {filtered ? 'Try adjusting your filters or search to see more results.' : 'Get started by adding your first student.'}
                </Typography.Paragraph>
              </>
            }
          >
            {/* The implementation log: the share of school days logged per student, and the day view from there. */}
      <Button icon={<CheckSquareOutlined />} onClick={() => void navigate('/implementation/coverage')}>
        Implementation
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/students/new')}>
              Add New Student
            </Button>
          </Empty>
        </Card>
      ) : (
        <>
          <Typography.Paragraph type="secondary" className="students-count">
            Showing {studentCountLabel(visibleRows.length)}
          </Typography.Paragraph>
          {selectedRows.length > 0 && (
            <div className="students-selection-bar no-print" role="region" aria-label="Selected students">
              <Typography.Text strong>{selectedRows.length} selected</Typography.Text>
              <Button type="primary" icon={<ShareAltOutlined />} onClick={() => { setShareDialogMounted(true); setSharingSelected(true); }}>
                Share selected
              </Button>
              <Button type="link" onClick={() => setSelectedIds(new Set())}>
                Clear selection
              </Button>
            </div>
          )}
          <div className="students-scroll">
            {viewMode === 'list' ? (
              groups.map((group) => (
                <section key={group.key}>
                  <GroupHeading group={group} />
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                    <StudentsTable rows={group.rows} selectedIds={selectedIds} onSelectedChange={toggleSelected} />
                  </Suspense>
                </section>
              ))
            ) : (
              <GridGroups groups={groups} limit={gridLimit} selectedIds={selectedIds} onSelectedChange={toggleSelected} />
            )}
          </div>
          {viewMode === 'grid' && visibleRows.length > gridLimit && (
            <div className="no-print" style={{ textAlign: 'center', marginTop: 12 }}>
              <Button onClick={() => setGridLimit((limit) => limit + GRID_PAGE_SIZE)}>
                Show more ({visibleRows.length - gridLimit} left)
              </Button>
            </div>
          )}
        </>
      )}
      {shareDialogMounted && (
        <Suspense fallback={null}>
          {renderShareDialog({
            open: sharingSelected,
            onClose: () => setSharingSelected(false),
            students: selectedRows.map((row) => ({ id: row.student.id, name: row.name })),
            onShared: () => setSelectedIds(new Set()),
          })}
        </Suspense>
      )}
    </div>
  );
}

function GroupHeading({ group }: { group: StudentGroup }) {
  if (!group.title) return null;
  return (
    <Typography.Title level={5} className="students-group-heading">
      {group.title} <Typography.Text type="secondary">({studentCountLabel(group.rows.length)})</Typography.Text>
    </Typography.Title>
  );
}

/** Renders groups in order until `limit` cards are shown; headings keep their full counts. */
interface GridGroupsProps {
  groups: StudentGroup[];
  limit: number;
  selectedIds: ReadonlySet<string>;
  onSelectedChange: (id: string, selected: boolean) => void;
}

function GridGroups({ groups, limit, selectedIds, onSelectedChange }: GridGroupsProps) {
  let budget = limit;
  return groups.map((group) => {
    if (budget <= 0) return null;
    const shown = group.rows.slice(0, budget);
    budget -= shown.length;
    return (
      <section key={group.key}>
        <GroupHeading group={group} />
        <div className="students-grid">
          {shown.map((row) => (
            <StudentCard
              key={row.student.id}
              row={row}
              {...(permissionsFor(row.student.access, row.student.archived).share
                ? { selected: selectedIds.has(row.student.id), onSelectedChange: (selected: boolean) => onSelectedChange(row.student.id, selected) }
                : {})}
            />
          ))}
        </div>
      </section>
    );
  });
}
