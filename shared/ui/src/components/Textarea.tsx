import type { ComponentProps } from 'react';
import styled from 'styled-components';
import { controlStyles, useTypedBeforeHydration } from './Input';

const StyledTextarea = styled.textarea`
  ${controlStyles}
  min-height: 6rem;
  resize: vertical;
`;

/** A multi-line text field (controlStyles); keeps what was typed before the page's script ran. */
export function Textarea(props: ComponentProps<typeof StyledTextarea>) {
  const ref = useTypedBeforeHydration<HTMLTextAreaElement>(props);
  return <StyledTextarea {...props} ref={ref} />;
}
