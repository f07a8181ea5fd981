import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { nonSchoolDaysSchema } from '@accommodate/shared-events/schemas/non-school-days';
import { Card } from '../../../components/card.tsx';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import type { District } from '../api/schools-api.ts';
import { useNonSchoolDays, useSetNonSchoolDays } from '../api/non-school-days-api.ts';

/** The dates as typed: one a line, or separated by commas or spaces. */
const datesOf = (text: string): string[] => text.split(/[\s,]+/).filter((part) => part !== '');

/**
 * Settings → District → Days without school: holidays and in-service days, which the implementation log's coverage
 * does not count as school days (weekends never are).
 */
export function NonSchoolDaysCard({ district }: { district: District }) {
  const days = useNonSchoolDays(district.id);
  const save = useSetNonSchoolDays(district.id);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const id = `non-school-days-${district.id}`;
  if (days.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (days.isError) return <Alert type="error" showIcon title="The days without school could not be loaded." />;
  const shown = text ?? days.data.dates.join('\n');
  const submit = () => {
    const parsed = nonSchoolDaysSchema.safeParse({ dates: datesOf(shown) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutateAsync(parsed.data.dates).then(
      (saved) => {
        setText(null);
        toast({ title: 'Days without school saved', description: `${saved.dates.length} day${saved.dates.length === 1 ? '' : 's'} without school besides weekends.` });
      },
      (failure: unknown) => setError(serverMessageOr(failure, 'Please try again.')),
    );
  };
  return (
    <Card title={<h2 className="settings-card-title">Days without school</h2>} className="school-card">
      <p className="settings-row__text">Holidays and in-service days: the implementation log does not count them as school days. Weekends never are.</p>
      <Form layout="vertical" onFinish={submit} noValidate>
        <Form.Item label="Dates (YYYY-MM-DD), one a line" htmlFor={id} validateStatus={error ? 'error' : undefined} help={error ? <span id={`${id}-error`}>{error}</span> : undefined}>
          <Input.TextArea
            id={id}
            rows={4}
            value={shown}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            placeholder="2026-11-26"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save days without school
        </Button>
      </Form>
    </Card>
  );
}
