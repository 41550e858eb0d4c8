import styled from 'styled-components';
import { Button, th } from '@pharmacy/ui';
import { Dialog } from '@pharmacy/ui/dialog';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${th((t) => t.space(3))};
  margin-top: ${th((t) => t.space(4))};
`;

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before anything that cannot be undone. */
export function ConfirmDialog({ open, title, description, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      size="sm"
      title={title}
      description={description}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Actions>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy} loadingLabel="Deleting">
          {confirmLabel}
        </Button>
      </Actions>
    </Dialog>
  );
}
