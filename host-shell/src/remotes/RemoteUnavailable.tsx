import { createContext, useContext, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@pharmacy/ui';
import { surfaceBox } from '../styles';
import { useRetryWhenBack } from './retryWhenBack';

export const UNAVAILABLE_TITLE = 'This section is temporarily unavailable';

const Box = styled.section`
  max-width: 36rem;
  margin: 3rem auto;
  padding: 2rem 1.5rem;
  text-align: center;
  ${surfaceBox}

  h2 {
    margin: 0 0 0.5rem;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0 0 1.25rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface RemoteUnavailableProps {
  /** Re-attempts the load; without it no Retry button is shown. */
  onRetry?: () => void;
  retrying?: boolean;
}

/**
 * What a route shows when its page cannot be loaded (its remote, or the host's own page code); header, footer and
 * other routes keep working. With a retry it also tries again by itself once the connection is back.
 */
export function RemoteUnavailable({ onRetry, retrying = false }: RemoteUnavailableProps) {
  useRetryWhenBack(retrying ? undefined : onRetry);
  return (
    <Box role="alert" aria-live="polite">
      <h2>{UNAVAILABLE_TITLE}</h2>
      <p>We could not load this part of the shop. Please try again in a moment; the rest of the site still works.</p>
      {onRetry && (
        <Button onClick={onRetry} loading={retrying} loadingLabel="Retrying">
          Retry
        </Button>
      )}
    </Box>
  );
}

/**
 * How the slot around a remote wants a failure shown (a page: the message with Retry; a header widget: nothing
 * or a plain link). The module produced by the errorLoadRemote plugin reads it, so it needs no knowledge of
 * where it is rendered.
 */
export const RemoteFailureContext = createContext<() => ReactNode>(() => <RemoteUnavailable />);

/** The default export of the module that stands in for a remote that failed to load. */
export function FailedRemote() {
  const renderFailure = useContext(RemoteFailureContext);
  return <>{renderFailure()}</>;
}
