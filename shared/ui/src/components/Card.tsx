import styled from 'styled-components';
import { th } from '../theme';

export const Card = styled.div`
  background: ${th((t) => t.colors.surface)};
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.lg)};
  box-shadow: ${th((t) => t.shadows.sm)};
  padding: ${th((t) => t.space(6))};
`;

export const CardTitle = styled.h2`
  margin: 0 0 ${th((t) => t.space(3))};
  font-size: ${th((t) => t.fontSizes.xl)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;
