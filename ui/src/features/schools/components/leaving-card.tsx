import { Alert, Button } from 'antd';
import { Card } from '../../../components/card.tsx';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import type { District } from '../api/schools-api.ts';
import { downloadDistrictArchive } from '../api/retention-api.ts';
import { DistrictErasureSection } from './district-erasure-section.tsx';

/**
 * Settings → District → Leaving Accommodate: at the end of the contract the district takes its records
 * (one archive, JSON and PDF per student) and then erases the district, its name typed to confirm (a job, whose progress shows live).
 */
export function LeavingCard({ district, onErasing }: { district: District; onErasing: (districtId: string) => void }) {
  return (
    <Card title={<h2 className="settings-card-title">Leaving Accommodate</h2>} className="school-card">
      <h3 className="school-card__section">Export all records</h3>
      <p className="settings-row__text">One zip archive with every student record of the district, as JSON and as PDF. Each export is written to the student’s access log.</p>
      <Button
        onClick={() =>
          void downloadDistrictArchive(district.id).then(
            () => toast({ title: 'Export started', description: 'Your browser saves the archive as it is made.' }),
            (failure: unknown) => toast({ title: 'The export could not start', description: serverMessageOr(failure, 'Please try again.'), variant: 'destructive' }),
          )
        }
      >
        Export all records
      </Button>
      <h3 className="school-card__section">Erase the district</h3>
      <Alert
        type="warning"
        showIcon
        title="This cannot be undone"
        description="Every student record of the district is erased, with its schools and staff roles. Only the erasure receipts are kept. Export the records first."
      />
      <DistrictErasureSection district={district} onErasing={onErasing} />
    </Card>
  );
}
