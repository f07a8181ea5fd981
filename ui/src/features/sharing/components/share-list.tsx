import { Button, Empty, List, Popconfirm, Tag, Typography } from 'antd';
import { formatListDate } from '../../../lib/format-date-time.ts';
import { roleLabel } from '../../../lib/student-access.ts';
import { SHARE_NOT_OPENED, SHARE_STATUS_LABELS, type Share } from '../share-model.ts';

interface ShareListProps {
  shares: Share[];
  loading: boolean;
  /** Absent for co-teachers, who may read the list but not change it. */
  onRevoke?: (share: Share) => void;
  revokingId?: string | null;
}

/** Who the student is shared with, in which role, and whether that access is live. */
export function ShareList({ shares, loading, onRevoke, revokingId }: ShareListProps) {
  if (!loading && shares.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Not shared with anyone yet" />;
  }
  return (
    <List<Share>
      loading={loading}
      dataSource={shares}
      rowKey="id"
      aria-label="Current shares"
      renderItem={(share) => {
        const status = SHARE_STATUS_LABELS[share.status];
        return (
          <List.Item
            data-testid="share-row"
            actions={
              onRevoke
                ? [
                    <Popconfirm
                      key="revoke"
                      title="Revoke access?"
                      description={`${share.grantee?.name ?? share.email} loses access at once.`}
                      okText="Revoke"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => onRevoke(share)}
                    >
                      <Button size="small" danger loading={revokingId === share.id}>
                        Revoke
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <span style={{ overflowWrap: 'anywhere' }}>
                  {share.grantee?.name ?? share.email} <Tag color={status.color}>{status.label}</Tag>
                </span>
              }
              description={
                <Typography.Text type="secondary">
                  {roleLabel(share.role)}
                  {share.grantee ? ` · ${share.email}` : ` · ${SHARE_NOT_OPENED}`}
                  {share.expiresAt ? ` · until ${formatListDate(share.expiresAt)}` : ''}
                </Typography.Text>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}
