import styled, { css } from 'styled-components';
import { media } from '../theme';

/** Hidden on screen, still read by screen readers (the standard clip pattern). */
export const visuallyHiddenCss = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

export const VisuallyHidden = styled.span`
  ${visuallyHiddenCss}
`;

/** A word a phone's row has no room for: read by screen readers on every width, shown from the sm width up. */
export const HiddenOnPhone = styled.span`
  ${visuallyHiddenCss}
  ${media.sm} {
    position: static !important;
    width: auto;
    height: auto;
    margin: 0;
    overflow: visible;
    clip: auto;
  }
`;
