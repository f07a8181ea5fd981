import { lazy, useMemo } from 'react';
import { usePlans } from '../../../features/plans/api/get-plans.ts';
import { StudentsList } from '../../../features/students/components/students-list.tsx';
import { useClasses } from '../../../features/classes/api/get-classes.ts';

// The share dialog (a form) loads when "Share selected" is first used.
const ShareStudentsDialog = lazy(() =>
  import('../../../features/sharing/components/share-students-dialog.tsx').then((m) => ({ default: m.ShareStudentsDialog })),
);

/** The students list with each student's plan dates (plans), "Share selected" (sharing) and the Class filter (classes). */
export default function StudentsListPage() {
  const plans = usePlans();
  const classes = useClasses();
  const active = useMemo(() => (classes.data ?? []).filter((schoolClass) => schoolClass.status === 'active'), [classes.data]);
  return <StudentsList plans={plans.data} classes={active} renderShareDialog={(dialog) => <ShareStudentsDialog {...dialog} />} />;
}
