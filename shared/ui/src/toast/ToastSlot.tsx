import styled from 'styled-components';
import { TOAST_DRAWN_ATTR, TOAST_REGION_ATTR } from './Toaster';

/**
 * The part of a header bar where toasts appear: it holds what may step aside for a toast (the shop's logo and, from
 * md up, its main links) and a `<Toaster placement="bar" />`. While a toast is drawn, the rest of the slot's content
 * is hidden (not only covered: it leaves the tab order too) and its box is kept, so nothing in the bar moves.
 */
export const ToastSlot = styled.div`
  position: relative;
  &:has([${TOAST_DRAWN_ATTR}]) > :not([${TOAST_REGION_ATTR}]) {
    visibility: hidden;
  }
`;
