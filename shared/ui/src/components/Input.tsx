import styled, { css } from 'styled-components';
import { th } from '../theme';

/** Shared look of text inputs, textareas and selects; `aria-invalid="true"` (set by Field) turns it red. */
export const controlStyles = css`
  display: block;
  width: 100%;
  min-height: 2.5rem;
  padding: 0.5rem 0.75rem;
  color: ${th((t) => t.colors.text)};
  background: ${th((t) => t.colors.surface)};
  border: 1px solid ${th((t) => t.colors.borderStrong)};
  border-radius: ${th((t) => t.radii.md)};
  font-size: 1rem;
  line-height: 1.4;
  &::placeholder { color: ${th((t) => t.colors.textMuted)}; opacity: 1; }
  &:focus-visible { outline: 3px solid ${th((t) => t.colors.focus)}; outline-offset: 1px; border-color: ${th((t) => t.colors.brandStrong)}; }
  &[aria-invalid='true'] { border-color: ${th((t) => t.colors.danger)}; }
  &:disabled { background: ${th((t) => t.colors.surfaceMuted)}; cursor: not-allowed; }
`;

export const Input = styled.input`
  ${controlStyles}
`;
