import styled from 'styled-components';
import { MISSING_VALUE } from '@pharmacy/contracts';
import { th } from '@pharmacy/ui';

/** A figure not here yet: a dash in the figure's own line height, read as nothing by screen readers. */
export const Pending = () => <span aria-hidden="true">{MISSING_VALUE}</span>;

/** Why the server refused a panel's action, boxed in the danger colour above what it refused. */
export const Refusal = styled.p`
  margin: 0 0 ${th((t) => t.space(4))};
  padding: ${th((t) => t.space(3))};
  border: 1px solid ${th((t) => t.colors.dangerStrong)};
  border-radius: ${th((t) => t.radii.md)};
  color: ${th((t) => t.colors.dangerStrong)};
`;
