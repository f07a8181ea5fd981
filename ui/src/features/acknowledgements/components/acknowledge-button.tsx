import { Button } from 'antd';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useAcknowledgeVersion } from '../api/acknowledgements.ts';

/** 'Acknowledge': the teacher confirms having read this version of the plan. */
export function AcknowledgeButton({ planId, version, label = 'Acknowledge' }: { planId: string; version: number; label?: string }) {
  const acknowledge = useAcknowledgeVersion();
  const onClick = () =>
    acknowledge.mutate(
      { planId, version },
      {
        onSuccess: () => toast({ title: 'Plan acknowledged', description: `You acknowledged version ${version} of the plan.` }),
        onError: (error) =>
          toast({ title: 'Error', description: (error instanceof ApiRequestError && error.serverMessage) || 'Failed to acknowledge the plan.', variant: 'destructive' }),
      },
    );
  return (
    <Button type="primary" size="small" loading={acknowledge.isPending} onClick={onClick}>
      {label}
    </Button>
  );
}
