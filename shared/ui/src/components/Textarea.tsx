import styled from 'styled-components';
import { controlStyles } from './Input';

export const Textarea = styled.textarea`
  ${controlStyles}
  min-height: 6rem;
  resize: vertical;
`;
