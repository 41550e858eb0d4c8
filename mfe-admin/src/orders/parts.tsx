import type { ReactNode } from 'react';
import styled from 'styled-components';
import { breakpoints, th } from '@pharmacy/ui';

// The building blocks of the order details dialog and its review section.

export const Sections = styled.div`
  display: grid;
  gap: ${th((t) => t.space(6))};
  grid-template-columns: 1fr;
  @media (min-width: ${breakpoints.md}px) {
    grid-template-columns: 1fr 1fr;
  }
`;

export const Section = styled.section<{ $wide?: boolean }>`
  min-width: 0;
  ${(p) => (p.$wide ? 'grid-column: 1 / -1;' : '')}
`;

export const H3 = styled.h3`
  margin: 0 0 ${th((t) => t.space(2))};
  font-size: ${th((t) => t.fontSizes.lg)};
`;

export const H4 = styled.h4`
  margin: 0 0 ${th((t) => t.space(1))};
  font-size: ${th((t) => t.fontSizes.md)};
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${th((t) => t.space(1))} ${th((t) => t.space(3))};
  margin: 0;
  dt { color: ${th((t) => t.colors.textMuted)}; }
  dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
`;

/** A pharmacist's decision (approve, reject) as a framed form: an order's review, a prescription's check. */
export const DecisionForm = styled.form`
  display: flex;
  flex-direction: column;
  min-width: 0;
  padding: ${th((t) => t.space(4))};
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  textarea { min-height: 4.5rem; }
  button[type='submit'] { align-self: flex-start; }
`;

export const Warn = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.warning)};
`;

export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
