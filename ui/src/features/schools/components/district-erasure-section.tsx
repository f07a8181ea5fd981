import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Progress } from 'antd';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import type { District } from '../api/schools-api.ts';
import { erasureUnfinished, useDistrictErasure, useEraseDistrict, type DistrictErasure } from '../api/retention-api.ts';

/** A run under way: its live progress (pokes, and a poll while it runs). The district stays until every record is gone. */
function ErasureProgress({ erasure }: { erasure: DistrictErasure }) {
  const { done, total } = erasure.progress;
  const percent = total === 0 ? 0 : Math.floor((done / total) * 100);
  return (
    <div className="district-erasure-progress" aria-live="polite">
      <p className="settings-row__text">
        {erasure.status === 'queued' ? 'Waiting to start…' : `Erasing student records: ${done} of ${total} erased.`} You can leave this page: the erasure goes on.
      </p>
      <Progress percent={percent} aria-label="Erasure progress" />
    </div>
  );
}

/**
 * The end of a district's erasure: told, and everything refetched. It lives beside the district's cards, not in them:
 * DistrictErased takes the district (and its cards) off the page a moment before the job writes that it is done.
 */
export function ErasureEnd({ districtId }: { districtId: string }) {
  const queryClient = useQueryClient();
  const found = useDistrictErasure(districtId).data ?? null;
  const status = found?.status;
  const studentsErased = found?.studentsErased ?? 0;
  useEffect(() => {
    if (status !== 'done') return;
    toast({ title: 'District erased', description: `${studentsErased} student records were erased. The erasure receipts are kept.` });
    void queryClient.invalidateQueries();
  }, [status, studentsErased, queryClient]);
  return null;
}

/**
 * Settings → District → Leaving → Erase the district: the name typed, then the erasure runs as a job whose
 * progress shows here; `onErasing` hands the run to an ErasureEnd that outlives the district's cards.
 */
export function DistrictErasureSection({ district, onErasing }: { district: District; onErasing: (districtId: string) => void }) {
  const erase = useEraseDistrict(district.id);
  const erasure = useDistrictErasure(district.id);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = `erase-district-${district.id}`;
  const matches = typed.trim() === district.name.trim();
  const found = erasure.data ?? null;
  const running = erasureUnfinished(found);
  // A run under way when the page opened (or one just asked for) is followed to its end.
  useEffect(() => {
    if (running) onErasing(district.id);
  }, [running, district.id, onErasing]);

  const submit = () => {
    if (!matches) return setError('Type the district’s name exactly to confirm');
    setError(undefined);
    erase.mutateAsync(typed).then(
      () => onErasing(district.id),
      (failure: unknown) => setError(serverMessageOr(failure, 'Please try again.')),
    );
  };

  if (found && (running || found.status === 'done')) return <ErasureProgress erasure={found} />;
  return (
    <>
      {found?.status === 'failed' && (
        <Alert type="error" showIcon title="The erasure stopped before it finished. What it erased stays erased." description={found.message ?? 'Erase the district again to finish.'} />
      )}
      <Form layout="vertical" onFinish={submit} noValidate className="school-one-field-form">
        <Form.Item label={`Type ${district.name} to confirm`} htmlFor={id} validateStatus={error ? 'error' : undefined} help={error ? <span id={`${id}-error`}>{error}</span> : undefined}>
          <Input id={id} value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
        </Form.Item>
        <Button danger type="primary" htmlType="submit" disabled={!matches} loading={erase.isPending}>
          Erase district
        </Button>
      </Form>
    </>
  );
}
