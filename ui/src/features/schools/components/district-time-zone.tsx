import { useState } from 'react';
import { Alert, Button, Form, Select, Skeleton } from 'antd';
import { districtTimeZoneFormSchema, TIME_ZONES } from '@accommodate/shared-events/schemas/time-zone';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDistrictTimeZone, useSetDistrictTimeZone } from '../api/district-time-zone-api.ts';

const OPTIONS = TIME_ZONES.map((timeZone) => ({ value: timeZone, label: timeZone.replaceAll('_', ' ') }));

/**
 * Settings → District → Time zone: the zone the district's records print times in (the hearing packet), so that a
 * packet reads the same whoever downloads it. A searchable list of the IANA names, since there are about 400.
 */
export function DistrictTimeZoneForm({ districtId }: { districtId: string }) {
  const current = useDistrictTimeZone(districtId);
  const save = useSetDistrictTimeZone(districtId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (current.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (current.isError) return <Alert type="error" showIcon title="The district’s time zone could not be loaded." />;
  const shown = chosen ?? current.data.timeZone;
  const id = `district-time-zone-${districtId}`;
  const submit = () => {
    const parsed = districtTimeZoneFormSchema.safeParse({ timeZone: shown ?? undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutateAsync(parsed.data.timeZone).then(
      () => toast({ title: 'Time zone saved', description: `Hearing packets show times in ${parsed.data.timeZone}.` }),
      (failure: unknown) => setError(serverMessageOr(failure, 'Please try again.')),
    );
  };
  return (
    <>
      <p className="settings-row__text">
        {current.data.timeZone === null
          ? 'No time zone set yet: each reader’s own is used.'
          : 'Hearing packets of the district’s students show every time in this zone, whoever downloads them.'}
      </p>
      <Form layout="vertical" onFinish={submit} noValidate className="school-one-field-form">
        <Form.Item label="District time zone" htmlFor={id} validateStatus={error ? 'error' : undefined} help={error ? <span id={`${id}-error`}>{error}</span> : undefined}>
          <Select
            id={id}
            showSearch
            optionFilterProp="label"
            placeholder="Search, e.g. Chicago"
            style={{ width: 320, maxWidth: '100%' }}
            value={shown ?? undefined}
            options={OPTIONS}
            onChange={(value: string) => setChosen(value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!shown || shown === current.data.timeZone}>
          Save time zone
        </Button>
      </Form>
    </>
  );
}
