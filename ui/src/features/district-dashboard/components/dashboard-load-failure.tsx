import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';

export interface DashboardLoadFailureProps {
  className: string;
  /** Not found, or not the reader's to see: said as not found, with who may see it. */
  hidden: boolean;
  hiddenTitle: string;
  whoSees: string;
  failedTitle: string;
}

/** A dashboard page that could not load: not found (the same answer as not allowed), or a failure to retry. */
export function DashboardLoadFailure({ className, hidden, hiddenTitle, whoSees, failedTitle }: DashboardLoadFailureProps) {
  return (
    <div className={className}>
      <PageHeader title={hidden ? hiddenTitle : failedTitle} description={hidden ? whoSees : 'Please try again in a moment.'} />
      <Link to="/dashboard">Back to the dashboard</Link>
    </div>
  );
}
