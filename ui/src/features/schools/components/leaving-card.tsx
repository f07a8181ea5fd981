import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Card } from '../../../components/card.tsx';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import type { District } from '../api/schools-api.ts';
import { downloadDistrictArchive, useEraseDistrict } from '../api/retention-api.ts';

/**
 * Settings → District → Leaving Accommodate (issue 23): at the end of the contract the district takes its records
 * (one archive, JSON and PDF per student) and then erases the district, its name typed to confirm.
 */
export function LeavingCard({ district }: { district: District }) {
  const erase = useEraseDistrict(district.id);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = `erase-district-${district.id}`;
  const matches = typed.trim() === district.name.trim();
  const submit = () => {
    if (!matches) return setError('Type the district’s name exactly to confirm');
    setError(undefined);
    erase.mutateAsync(typed).then(
      (outcome) => toast({ title: 'District erased', description: `${outcome.studentsErased} student records were erased. The erasure receipts are kept.` }),
      (failure: unknown) => setError(serverMessageOr(failure, 'Please try again.')),
    );
  };
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
      <Form layout="vertical" onFinish={submit} noValidate className="school-one-field-form">
        <Form.Item label={`Type ${district.name} to confirm`} htmlFor={id} validateStatus={error ? 'error' : undefined} help={error ? <span id={`${id}-error`}>{error}</span> : undefined}>
          <Input id={id} value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
        </Form.Item>
        <Button danger type="primary" htmlType="submit" disabled={!matches} loading={erase.isPending}>
          Erase district
        </Button>
      </Form>
    </Card>
  );
}
