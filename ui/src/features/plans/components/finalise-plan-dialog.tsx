import { useState } from 'react';
import { Alert, Modal } from 'antd';
import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useFinalisePlan } from '../api/plan-versions.ts';

/** The server's refusal of a plan lacking the least a 504 plan records: what is missing, each in words. */
const missingSchema = z.object({ message: z.string(), missing: z.array(z.string()).min(1) });

interface FinalisePlanDialogProps {
  planId: string;
  open: boolean;
  onClose: () => void;
}

/** The confirmation before version 1: it stays open, listing what the plan still needs, when the server refuses. */
export function FinalisePlanDialog({ planId, open, onClose }: FinalisePlanDialogProps) {
  const finalise = useFinalisePlan();
  const [missing, setMissing] = useState<string[]>([]);
  const close = () => {
    setMissing([]);
    onClose();
  };

  const onFinalise = () =>
    finalise.mutate(planId, {
      onSuccess: ({ version }) => {
        close();
        toast({ title: 'Plan finalised', description: `Version ${version} of the plan is recorded. Its teachers are asked to acknowledge it.` });
      },
      onError: (error) => {
        const refusal = error instanceof ApiRequestError ? missingSchema.safeParse(error.body) : null;
        if (refusal?.success) return setMissing(refusal.data.missing);
        toast({ title: 'Error', description: (error instanceof ApiRequestError && error.serverMessage) || 'Failed to finalise the plan.', variant: 'destructive' });
      },
    });

  return (
    <Modal
      open={open}
      title="Finalise this plan?"
      okText="Finalise"
      onOk={onFinalise}
      // The primary action takes focus as the dialog opens: Enter confirms, Escape cancels, no Tabs to reach it.
      okButtonProps={{ loading: finalise.isPending, autoFocus: true }}
      onCancel={finalise.isPending ? undefined : close}
      destroyOnHidden
    >
      <p>Its accommodations are then locked: they change only through an amendment with a reason.</p>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message="This plan cannot be finalised yet. Record first:"
          description={
            <ul aria-label="Missing before the plan can be final" style={{ margin: 0, paddingLeft: 20 }}>
              {missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}
