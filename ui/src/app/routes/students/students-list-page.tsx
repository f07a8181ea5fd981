import { lazy } from 'react';
import { usePlans } from '../../../features/plans/api/get-plans.ts';
import { StudentsList } from '../../../features/students/components/students-list.tsx';

// The share dialog (a form) loads when "Share selected" is first used.
const ShareStudentsDialog = lazy(() =>
  import('../../../features/sharing/components/share-students-dialog.tsx').then((m) => ({ default: m.ShareStudentsDialog })),
);

/** The students list with each student's plan dates (plans) and "Share selected" (sharing). */
export default function StudentsListPage() {
  const plans = usePlans();
  return <StudentsList plans={plans.data} renderShareDialog={(dialog) => <ShareStudentsDialog {...dialog} />} />;
}
