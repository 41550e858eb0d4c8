import type { ReactNode } from 'react';
import styled from 'styled-components';
import { th } from '../theme';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${th((t) => t.space(3))};
  padding: ${th((t) => t.space(10))} ${th((t) => t.space(4))};
  text-align: center;
  color: ${th((t) => t.colors.textMuted)};
`;

const Message = styled.p`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.lg)};
  font-weight: ${th((t) => t.fontWeights.medium)};
  color: ${th((t) => t.colors.text)};
`;

const Description = styled.p`
  margin: 0;
`;

export interface EmptyStateProps {
  /** e.g. the admin user search's "No users found". */
  message: ReactNode;
  description?: ReactNode;
  /** A button or link offering the next step. */
  action?: ReactNode;
  className?: string;
}

/** A polite status region, so a filter that empties a list is announced to screen-reader users. */
export function EmptyState({ message, description, action, className }: EmptyStateProps) {
  return (
    <Wrapper role="status" className={className}>
      <Message>{message}</Message>
      {description && <Description>{description}</Description>}
      {action}
    </Wrapper>
  );
}
