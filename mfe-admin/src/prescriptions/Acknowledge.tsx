import styled from 'styled-components';
import { th } from '@pharmacy/ui';

const Label = styled.label`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space(2))};
  min-height: 2.75rem;
  color: ${th((t) => t.colors.text)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  cursor: pointer;
  input { width: 1.25rem; height: 1.25rem; accent-color: ${th((t) => t.colors.brandStrong)}; }
`;

/** The pharmacist's word that they read the safety warnings above it: Approve waits for it. */
export function Acknowledge({ checked, onChange }: { checked: boolean; onChange: (yes: boolean) => void }) {
  return (
    <Label>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />I have read these warnings
    </Label>
  );
}
