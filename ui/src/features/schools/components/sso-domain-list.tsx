import { Alert, Button, Tag, Typography } from 'antd';
import { ssoDomainNotProvedSchema, type SsoDomain, type SsoDomainStatus } from '@accommodate/shared-events/schemas/district-sso';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverMessageOr } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useVerifySsoDomain } from '../api/district-sso-api.ts';

const STATUS_TAGS: Record<SsoDomainStatus, { label: string; color: string }> = {
  verified: { label: 'Verified', color: 'green' },
  unverified: { label: 'Not verified', color: 'default' },
  suspended: { label: 'Suspended', color: 'red' },
};

const GUIDANCE: Record<SsoDomainStatus, string> = {
  unverified: 'Until the domain is verified, its staff sign in with passwords. Publish this TXT record at the domain itself, then choose Verify:',
  verified: 'Staff of this domain sign in with the district’s provider. Keep this TXT record published: it is checked every day.',
  suspended: 'This TXT record was gone at the daily check, so the domain’s staff sign in with passwords. Publish it again, then choose Verify:',
};

/**
 * The domains single sign-on lists, each with its status and the DNS record that proves the district owns it: a domain
 * covers nothing until a check finds its record (as Google Workspace and Slack have their customers prove theirs).
 */
export function SsoDomainList({ districtId, domains }: { districtId: string; domains: SsoDomain[] }) {
  if (domains.length === 0) return null;
  return (
    <section className="sso-domains" aria-labelledby={`sso-domains-${districtId}`}>
      <h4 id={`sso-domains-${districtId}`} className="sso-domains__title">
        Domain verification
      </h4>
      <ul className="sso-domains__list">
        {domains.map((domain) => (
          <SsoDomainRow key={domain.domain} districtId={districtId} domain={domain} />
        ))}
      </ul>
    </section>
  );
}

function SsoDomainRow({ districtId, domain }: { districtId: string; domain: SsoDomain }) {
  const verify = useVerifySsoDomain(districtId, domain.domain);
  const tag = STATUS_TAGS[domain.status];
  const check = () =>
    verify.mutate(undefined, {
      onSuccess: () => toast({ title: 'Domain verified', description: `Staff with ${domain.domain} addresses now sign in with the district’s provider.` }),
    });
  return (
    <li className="sso-domain" data-domain={domain.domain}>
      <div className="sso-domain__head">
        <strong className="sso-domain__name">{domain.domain}</strong>
        <Tag color={tag.color}>{tag.label}</Tag>
      </div>
      <p className="sso-domain__text">{GUIDANCE[domain.status]}</p>
      <Typography.Text code copyable={{ text: domain.txtRecord, tooltips: ['Copy the record', 'Copied'] }} className="sso-domain__record">
        {domain.txtRecord}
      </Typography.Text>
      <div>
        <Button onClick={check} loading={verify.isPending}>
          {domain.verified ? 'Check again' : 'Verify'}
        </Button>
      </div>
      {verify.isError ? <VerifyFinding domain={domain.domain} error={verify.error} /> : null}
    </li>
  );
}

/** What the check found instead of the record: the domain's TXT values, or that it has none. */
function VerifyFinding({ domain, error }: { domain: string; error: Error }) {
  const refusal = error instanceof ApiRequestError ? ssoDomainNotProvedSchema.safeParse(error.body) : null;
  const found = refusal?.success ? refusal.data.found : undefined;
  const description =
    found === undefined ? null : found.length === 0 ? (
      <p className="sso-domain__found-none">No TXT records were found at {domain}.</p>
    ) : (
      <>
        <p>TXT records found at {domain}:</p>
        <ul className="sso-domain__found">
          {found.map((value, index) => (
            <li key={index}>
              <code>{value}</code>
            </li>
          ))}
        </ul>
      </>
    );
  return <Alert type="error" showIcon role="alert" className="sso-domain__finding" title={serverMessageOr(error, 'The domain could not be checked.')} description={description} />;
}
