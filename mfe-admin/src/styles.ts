import styled from 'styled-components';
import { breakpoints, th } from '@pharmacy/ui';

/** Ids, payment references: monospace so long ids line up in tables and dialogs. */
export const Mono = styled.span`
  font-family: ${th((t) => t.fonts.mono)};
  font-size: ${th((t) => t.fontSizes.xs)};
`;

/** Centres a spinner or a short message in a page ($roomy) or a dialog. */
export const Center = styled.div<{ $roomy?: boolean }>`
  display: flex;
  justify-content: center;
  padding: ${({ $roomy }) => th((t) => t.space($roomy ? 10 : 6))};
`;

/** Above a staff table: its search, filter and main action on one line (wrapping on small screens). */
export const Toolbar = styled.div<{ $spread?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: ${({ $spread }) => ($spread ? 'space-between' : 'flex-start')};
  gap: ${th((t) => t.space(3))};
  margin-bottom: ${th((t) => t.space(4))};
  label { font-weight: ${th((t) => t.fontWeights.medium)}; }
  select { width: auto; min-width: 12rem; }
`;

/** A form's fields in one column on a phone, two from `sm` up; `FullWidth` spans both. */
export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  column-gap: ${th((t) => t.space(4))};
  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: 1fr 1fr;
  }
`;

export const FullWidth = styled.div`
  grid-column: 1 / -1;
`;

/** A screen's views as one segmented row of buttons (Orders' queues, Products' short-dated list): wraps on a phone. */
export const Segments = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
`;
