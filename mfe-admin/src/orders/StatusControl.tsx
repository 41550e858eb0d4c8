import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { statusChangeLabel, statusTone } from '@pharmacy/contracts';
import { Badge, Button, Select, th } from '@pharmacy/ui';

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

/** A status in staff's words, in the field's own wording (contracts decides it for staff and shoppers alike). */
export const staffStatusLabel = (field: StatusField, status: string): string => statusChangeLabel(field, status, 'staff');

export function StatusBadge({ field, status }: { field: StatusField; status: string }) {
  return <Badge variant={statusTone(status)}>{staffStatusLabel(field, status)}</Badge>;
}

export interface StatusControlProps<S extends string> {
  /** "Order status" or "Payment status". */
  label: string;
  field: StatusField;
  current: S;
  /** The one transition table of shared/contracts (docs/domain.md#orders). */
  transitions: Record<S, readonly S[]>;
  busy: boolean;
  onChange: (next: S) => void;
}

/** Offers only the states the current one may move to; a final state offers nothing. */
export function StatusControl<S extends string>({ label, field, current, transitions, busy, onChange }: StatusControlProps<S>) {
  const id = useId();
  const allowed = transitions[current] ?? [];
  const [next, setNext] = useState<S | ''>('');

  // A new current state (after an update) invalidates the previous choice.
  useEffect(() => setNext(''), [current]);

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
          <Select id={id} value={next} onChange={(event) => setNext(event.target.value as S | '')} disabled={busy}>
            <option value="">Choose…</option>
            {allowed.map((state) => (
              <option key={state} value={state}>
                {staffStatusLabel(field, state)}
              </option>
            ))}
          </Select>
          <Button size="sm" disabled={next === ''} loading={busy} loadingLabel="Updating" onClick={() => next && onChange(next)}>
            Update {label.toLowerCase()}
          </Button>
        </Row>
      )}
    </Box>
  );
}
