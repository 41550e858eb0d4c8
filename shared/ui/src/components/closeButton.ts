import { css } from 'styled-components';

/** The square, borderless box of a close (×) button: a 36 px touch target around its mark, as dialogs and toasts use. */
export const closeButtonBox = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border: none;
  background: transparent;
  line-height: 1;
  cursor: pointer;
`;
