import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
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
  /** What a screen reader hears while the confirmed action runs. */
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before anything that cannot be undone. */
export function ConfirmDialog({ open, title, description, confirmLabel, busy = false, busyLabel = 'Deleting', onConfirm, onCancel }: ConfirmDialogProps) {
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
        <Button variant="danger" onClick={onConfirm} loading={busy} loadingLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </Actions>
    </Dialog>
  );
}

/**
 * Delete after "Are you sure?": `ask(item)` opens the confirmation, confirming dispatches `remove(id)`, and the
 * dialog stays open (busy) until the delete finishes either way (a failure says why in a toast).
 * `deleting` is the id the slice is deleting, null when none.
 */
export function useConfirmDelete<T extends { _id: string }>(deleting: string | null, remove: (id: string) => UnknownAction) {
  const dispatch = useDispatch();
  const [target, setTarget] = useState<T | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (deleting === null && sent.current) {
      sent.current = false;
      setTarget(null);
    }
  }, [deleting]);

  return {
    target,
    ask: setTarget,
    dialog: {
      open: target !== null,
      busy: target !== null && deleting === target._id,
      onCancel: () => setTarget(null),
      onConfirm: () => {
        if (!target) return;
        sent.current = true;
        dispatch(remove(target._id));
      },
    },
  };
}
