import styled from 'styled-components';
import { th } from '@pharmacy/ui';

/** A section's heading inside the order's details dialog (the dialog's title is the h2). */
export const H3 = styled.h3`
  margin: ${th((t) => t.space(5))} 0 ${th((t) => t.space(2))};
  font-size: ${th((t) => t.fontSizes.md)};
`;
