import { Alert, Button, Space } from 'antd';
import { toast } from '../../../lib/toast.ts';

const asText = (codes: readonly string[]) =>
  ['Accommodate recovery codes', 'Each code signs you in once, if you cannot use your authenticator app.', '', ...codes, ''].join('\n');

/** The ten recovery codes, shown once: to copy or keep as a text file (the server keeps only their hashes). */
export function RecoveryCodesPanel({ codes }: { codes: readonly string[] }) {
  const copy = () =>
    void navigator.clipboard.writeText(asText(codes)).then(
      () => toast({ title: 'Copied', description: 'Your recovery codes are on the clipboard.' }),
      () => toast({ title: 'Error', description: 'Could not copy. Please download the codes instead.', variant: 'destructive' }),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'accommodate-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div>
      <Alert
        type="warning"
        showIcon
        title="Save your recovery codes now"
        description="If you lose your phone, each of these codes lets you sign in once. Keep them somewhere safe: they will not be shown again."
      />
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Space wrap>
        <Button onClick={copy}>Copy codes</Button>
        <Button onClick={download}>Download as text</Button>
      </Space>
    </div>
  );
}
