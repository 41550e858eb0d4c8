import styled from 'styled-components';
import { Button, th } from '@pharmacy/ui';

const Row = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${th((t) => t.space(2))};
  input {
    width: 3.5rem;
    min-height: 2.5rem;
    text-align: center;
    font: inherit;
    border: 1px solid ${th((t) => t.colors.borderStrong)};
    border-radius: ${th((t) => t.radii.md)};
  }
`;

/** A number between 1 and max, by buttons or typing; the parent explains why max is what it is. */
export function QuantityPicker({ value, max, onChange, disabled, describedBy }: { value: number; max: number; onChange: (n: number) => void; disabled?: boolean; describedBy?: string }) {
  const clamp = (n: number) => Math.min(Math.max(1, Math.floor(n) || 1), Math.max(1, max));
  return (
    <Row>
      <Button type="button" variant="secondary" size="sm" aria-label="Decrease quantity" disabled={disabled || value <= 1} onClick={() => onChange(clamp(value - 1))}>
        −
      </Button>
      <input
        type="number"
        inputMode="numeric"
        aria-label="Quantity"
        aria-describedby={describedBy}
        min={1}
        max={max}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(clamp(Number(e.target.value)))}
      />
      <Button type="button" variant="secondary" size="sm" aria-label="Increase quantity" disabled={disabled || value >= max} onClick={() => onChange(clamp(value + 1))}>
        +
      </Button>
    </Row>
  );
}
