import { useRef } from 'react';
import { planFailureDescription, useLeavePlan } from '#client/api/plans.ts';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { notify } from '#client/lib/notify.ts';
import type { Enrollment } from '#shared/schemas/plans.ts';

type LeavePlanDialogProps = {
  enrollment: Enrollment;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the plan is left (its card is gone), so the screen can keep keyboard focus. */
  onLeft: () => void;
};

/** Leaving a plan forgets its ticks, so it asks first. On failure the dialog stays open. */
export function LeavePlanDialog({
  enrollment,
  isOpen,
  onOpenChange,
  onLeft,
}: LeavePlanDialogProps) {
  const leave = useLeavePlan();
  const { title } = enrollment.plan;
  const hasLeft = useRef(false);

  function confirmLeave() {
    leave.mutate(enrollment, {
      onSuccess: () => {
        hasLeft.current = true;
        onOpenChange(false);
        notify.success('Plan left', `${title} is no longer one of your plans.`);
        onLeft();
      },
      onError: (error) =>
        notify.error(
          'Could not leave the plan',
          planFailureDescription(error, 'There was an error leaving this plan.'),
        ),
    });
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!leave.isPending) onOpenChange(open);
      }}
    >
      <ConfirmDialogContent
        title="Leave this plan?"
        description={`You will stop following ${title}, and the days you ticked in it will be forgotten. The chapters you read stay in your reading history, and you can start the plan again at any time.`}
        confirmLabel="Leave plan"
        isPending={leave.isPending}
        onConfirm={confirmLeave}
        onCloseAutoFocus={(event) => {
          // The card is gone once the plan is left: focus goes where the screen says instead.
          if (hasLeft.current) event.preventDefault();
        }}
      />
    </Dialog>
  );
}
