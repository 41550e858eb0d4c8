import styled from 'styled-components';
import { th } from '../theme';

/**
 * The home page's banner box, sized by its image's aspect ratio before anything loads. The host keeps the box
 * while the catalog remote's carousel loads, and the carousel draws in the same box, so nothing below moves.
 */
export const BannerFrame = styled.section<{ $ratio: string }>`
  position: relative;
  margin: ${th((t) => t.space(6))} 0;
  border-radius: ${th((t) => t.radii.lg)};
  overflow: hidden;
  aspect-ratio: ${(p) => p.$ratio};
  background: ${th((t) => t.colors.surfaceMuted)};
`;
