import { useEffect, useRef, type ChangeEvent, type ComponentProps, type Ref, type RefObject } from 'react';
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

const StyledInput = styled.input`
  ${controlStyles}
`;

type TextControl = HTMLInputElement | HTMLTextAreaElement;

function setRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) (ref as RefObject<T | null>).current = node;
}

/**
 * What the visitor typed into a field the server rendered, before the page's script ran: React hydrates the field
 * as it is on screen but its state is still the server's (empty), so the form would send nothing. After the first
 * commit the field's own value is handed to its onChange, as if typed now. A field rendered in the browser has
 * nothing to hand over (its value is the state).
 */
export function useTypedBeforeHydration<E extends TextControl>(props: { value?: unknown; onChange?: (e: ChangeEvent<E>) => void; ref?: Ref<E> }) {
  const own = useRef<E | null>(null);
  const { value, onChange } = props;
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    const node = own.current;
    const { value: stateValue, onChange: handler } = latest.current;
    if (!node || !handler || typeof stateValue !== 'string' || node.value === stateValue) return;
    if (node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio' || node.type === 'file')) return;
    handler({ target: node, currentTarget: node } as ChangeEvent<E>);
  }, []);
  return (node: E | null) => {
    own.current = node;
    setRef(props.ref, node);
  };
}

/** A text input (controlStyles); keeps what was typed before the page's script ran. */
export function Input(props: ComponentProps<typeof StyledInput>) {
  const ref = useTypedBeforeHydration<HTMLInputElement>(props);
  return <StyledInput {...props} ref={ref} />;
}
