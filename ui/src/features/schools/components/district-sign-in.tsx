import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Form, Input, Popconfirm, Select, Skeleton, Space, Typography } from 'antd';
import { SSO_PRESETS, type DistrictSso } from '@accommodate/shared-events/schemas/district-sso';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDistrictSso, useRemoveDistrictSso, useSaveDistrictSso } from '../api/district-sso-api.ts';
import { SsoDomainList } from './sso-domain-list.tsx';

const CALLBACK_PATH = '/api/auth/sso/callback';
const PRESET_OPTIONS = [...SSO_PRESETS.map(({ id, label }) => ({ value: id, label })), { value: 'other', label: 'Another OpenID Connect provider' }];
const presetOf = (issuer: string) => SSO_PRESETS.find((preset) => preset.issuer === issuer)?.id ?? (issuer.startsWith('https://login.microsoftonline.com/') ? 'entra' : 'other');

/** Settings → District → Single sign-on: the district's OpenID provider and its domains, loaded once the card shows it. */
export default function DistrictSignIn({ districtId }: { districtId: string }) {
  const sso = useDistrictSso(districtId);
  if (sso.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (sso.isError) return <Alert type="error" showIcon title="The sign-in settings could not be loaded." />;
  // Keyed by whether one is saved: turning it off starts the form afresh.
  return (
    <>
      <SignInForm key={sso.data.sso ? 'saved' : 'none'} districtId={districtId} saved={sso.data.sso} />
      {sso.data.sso ? <SsoDomainList districtId={districtId} domains={sso.data.sso.domains} /> : null}
    </>
  );
}

function SignInForm({ districtId, saved }: { districtId: string; saved: DistrictSso | null }) {
  const save = useSaveDistrictSso(districtId);
  const remove = useRemoveDistrictSso(districtId);
  const [preset, setPreset] = useState(saved ? presetOf(saved.issuer) : 'google');
  const [issuer, setIssuer] = useState(saved?.issuer ?? SSO_PRESETS[0].issuer);
  const [clientId, setClientId] = useState(saved?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved?.emailDomains.join(', ') ?? '');
  const [required, setRequired] = useState(saved?.required ?? false);
  const errors = save.error instanceof ApiRequestError ? save.error.fieldErrors : {};
  const id = (field: string) => `sso-${field}-${districtId}`;

  const choosePreset = (value: string) => {
    setPreset(value);
    const chosen = SSO_PRESETS.find((each) => each.id === value);
    if (chosen) setIssuer(chosen.issuer);
  };
  const submit = () =>
    save.mutate(
      { issuer, clientId, clientSecret, emailDomains: domains.split(/[\s,;]+/).filter(Boolean), required },
      {
        onSuccess: () => {
          setClientSecret('');
          toast({ title: 'Sign-in saved', description: 'Verify each e-mail domain below: until then its staff sign in with passwords.' });
        },
      },
    );
  const field = (name: string, label: string, control: ReactNode, extra?: ReactNode) => (
    <Form.Item label={label} htmlFor={id(name)} extra={extra} validateStatus={errors[name] ? 'error' : undefined} help={errors[name] ? <span id={`${id(name)}-error`}>{errors[name]}</span> : undefined}>
      {control}
    </Form.Item>
  );
  const described = (name: string) => ({ id: id(name), 'aria-invalid': Boolean(errors[name]), 'aria-describedby': errors[name] ? `${id(name)}-error` : undefined });

  return (
    <Form layout="vertical" onFinish={submit} noValidate className="district-sign-in">
      <p className="settings-row__text">
        Staff sign in with the account the district gives them. Register this redirect URI with your provider, with the scopes openid, email and profile:{' '}
        <Typography.Text code copyable>{`${window.location.origin}${CALLBACK_PATH}`}</Typography.Text>
      </p>
      {save.isError && Object.keys(errors).length === 0 ? <Alert type="error" showIcon role="alert" title={serverMessageOr(save.error, 'The sign-in settings could not be saved.')} /> : null}
      {field('preset', 'Provider', <Select id={id('preset')} value={preset} onChange={choosePreset} options={PRESET_OPTIONS} />)}
      {field('issuer', 'Issuer URL', <Input {...described('issuer')} value={issuer} onChange={(event) => setIssuer(event.target.value)} />,
        preset === 'entra' ? 'Replace {tenant} with your directory (tenant) ID.' : undefined)}
      {field('clientId', 'Client ID', <Input {...described('clientId')} value={clientId} onChange={(event) => setClientId(event.target.value)} autoComplete="off" />)}
      {field('clientSecret', 'Client secret', <Input.Password {...described('clientSecret')} value={clientSecret} onChange={(event) => setClientSecret(event.target.value)} autoComplete="new-password" />,
        saved?.hasClientSecret ? 'A secret is saved. Leave this empty to keep it.' : undefined)}
      {field('emailDomains', 'E-mail domains', <Input {...described('emailDomains')} value={domains} onChange={(event) => setDomains(event.target.value)} placeholder="lakeside.org" />,
        'Separate several domains with commas.')}
      <Form.Item>
        <Checkbox checked={required} onChange={(event) => setRequired(event.target.checked)}>
          Require single sign-on for these domains once verified (no password sign-in)
        </Checkbox>
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save sign-in
        </Button>
        {saved ? (
          <Popconfirm
            title="Turn off single sign-on?"
            description="Staff of these domains sign in with a password again."
            okText="Turn off"
            onConfirm={() => remove.mutate(undefined, { onSuccess: () => toast({ title: 'Single sign-on turned off', description: 'Staff sign in with their passwords.' }) })}
          >
            <Button danger loading={remove.isPending}>
              Turn off single sign-on
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    </Form>
  );
}
