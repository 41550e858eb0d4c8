import styled from 'styled-components';
import { space } from '../theme';

/** A list without bullets or indent whose items stack with a gap (`$gap` in spacing units, 3 when left out). */
export const PlainList = styled.ul<{ $gap?: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${(p) => space(p.$gap ?? 3)};
`;
