import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  ORDER_STATUS_TRANSITIONS, PAYMENT_STATUS_TRANSITIONS, orderStatusWords, paymentStatusLabel, statusChangeLabel, statusTone, type StaffOrder,
} from '@pharmacy/contracts';
import { Badge, Button, Select, VisuallyHidden, th } from '@pharmacy/ui';
import { ConfirmDialog } from '../ConfirmDialog';
import { finalMoveWarning, type FinalMoveWarning } from './finalMoves';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(2))};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(2))};
  select { width: auto; min-width: 12rem; }
`;

const Label = styled.label`
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

const Muted = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.textMuted)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;

export type StatusField = 'orderStatus' | 'paymentStatus';
/** The fields an order's history records: the two statuses staff change here, and the pharmacist's review. */
export type HistoryField = StatusField | 'review';

/** A status in staff's words, in the field's own wording (contracts decides it for staff and shoppers alike). */
export const staffStatusLabel = (field: HistoryField, status: string): string => statusChangeLabel(field, status, 'staff');

export function StatusBadge({ field, status }: { field: StatusField; status: string }) {
  return <Badge variant={statusTone(status)}>{staffStatusLabel(field, status)}</Badge>;
}

const Stack = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(1))};
  & > span { white-space: normal; }
`;

/**
 * An order's state and its payment's in staff's words, from the one map every screen uses: a payment the shopper
 * cancelled reads "Payment cancelled", not "Rejected / Failed". A payment word that the map rewrote (no money was
 * taken) is neutral rather than the red of a failed payment.
 */
export function OrderWordsBadges({ order }: { order: StaffOrder }) {
  const words = orderStatusWords(order, 'staff');
  const paymentTone = words.payment === paymentStatusLabel(order.paymentStatus) ? statusTone(order.paymentStatus) : 'neutral';
  return (
    <Stack>
      <Badge variant={words.tone}>{words.order}</Badge>
      <Badge variant={paymentTone}>
        <VisuallyHidden>Payment: </VisuallyHidden>
        {words.payment}
      </Badge>
    </Stack>
  );
}

/** The two statuses staff move by hand, each along the one transition table of shared/contracts (docs/domain.md#orders). */
const STATUS_FIELDS = {
  orderStatus: { label: 'Order status', transitions: ORDER_STATUS_TRANSITIONS },
  paymentStatus: { label: 'Payment status', transitions: PAYMENT_STATUS_TRANSITIONS },
} as const;

export interface StatusControlProps<F extends StatusField> {
  order: StaffOrder;
  field: F;
  /** The status an update is under way for, if any. */
  updating: StatusField | null;
  /** Why no move is allowed now although the table has some (the server would refuse them): shown, controls disabled. */
  lockedReason?: string;
  onChange: (next: StaffOrder[F]) => void;
}

/** Offers only the states the current one may move to; a final state offers nothing, and a move into one asks first. */
export function StatusControl<F extends StatusField>({ order, field, updating, lockedReason, onChange }: StatusControlProps<F>) {
  type S = StaffOrder[F];
  const { label } = STATUS_FIELDS[field];
  const transitions = STATUS_FIELDS[field].transitions as Record<S, readonly S[]>;
  const current = order[field];
  const busy = updating === field;
  const id = useId();
  const reasonId = useId();
  const allowed = transitions[current] ?? [];
  const [next, setNext] = useState<S | ''>('');
  const [asking, setAsking] = useState<FinalMoveWarning | null>(null);
  const sent = useRef(false);

  // A new current state (after an update) invalidates the previous choice.
  useEffect(() => setNext(''), [current]);
  // The confirmation stays open (busy) until the update is done either way (a failure says why in a toast).
  useEffect(() => {
    if (!busy && sent.current) {
      sent.current = false;
      setAsking(null);
    }
  }, [busy]);

  const update = () => {
    if (!next) return;
    const warning = finalMoveWarning(order, field, next);
    if (warning) setAsking(warning);
    else onChange(next);
  };

  return (
    <Box>
      <Row>
        <strong>{label}:</strong> <StatusBadge field={field} status={current} />
      </Row>
      {allowed.length === 0 ? (
        <Muted>{staffStatusLabel(field, current)} is final: no further changes.</Muted>
      ) : (
        <Row>
          <Label htmlFor={id}>Change {label.toLowerCase()} to</Label>
          <Select
            id={id}
            value={next}
            onChange={(event) => setNext(event.target.value as S | '')}
            disabled={busy || lockedReason !== undefined}
            aria-describedby={lockedReason ? reasonId : undefined}
          >
            <option value="">Choose…</option>
            {allowed.map((state) => (
              <option key={state} value={state}>
                {staffStatusLabel(field, state)}
              </option>
            ))}
          </Select>
          <Button
            size="sm"
            disabled={next === '' || lockedReason !== undefined}
            loading={busy}
            loadingLabel="Updating"
            aria-describedby={lockedReason ? reasonId : undefined}
            onClick={update}
          >
            Update {label.toLowerCase()}
          </Button>
        </Row>
      )}
      {lockedReason && allowed.length > 0 && <Muted id={reasonId}>{lockedReason}</Muted>}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.title ?? ''}
        description={asking?.description ?? ''}
        confirmLabel={asking?.confirmLabel ?? ''}
        busy={busy}
        busyLabel="Updating"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!next) return;
          sent.current = true;
          onChange(next);
        }}
      />
    </Box>
  );
}
