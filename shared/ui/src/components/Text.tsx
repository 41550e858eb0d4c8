import styled from 'styled-components';
import { th } from '../theme';

/** Small secondary text: a field's hint, a card's brand or rating line. */
export const MutedText = styled.p`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textMuted)};
`;
