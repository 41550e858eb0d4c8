import { css } from 'styled-components';
import { th } from '@pharmacy/ui';

/**
 * The tinted panel that tells the shopper something beside what it concerns (why a product cannot be added, that a
 * pharmacist checks the order); `edge` draws the tone's rule down its side.
 */
export const noticePanel = (tone: 'warning' | 'brand', edge: boolean) => css`
  padding: ${th((t) => t.space(4))};
  border-left: ${edge ? css`4px solid ${th((t) => t.colors[tone])}` : 'none'};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors[`${tone}Subtle`])};
  p {
    margin: 0;
  }
`;
