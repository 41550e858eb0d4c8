import styled from 'styled-components';
import { VisuallyHidden, th } from '@pharmacy/ui';
import type { SignInCheckState } from './useSignInCheck';

const Box = styled.div`
  margin: 0 0 ${th((t) => t.space(4))};
  padding: ${th((t) => t.space(3))} ${th((t) => t.space(4))};
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.surfaceMuted)};
  font-size: ${th((t) => t.fontSizes.sm)};
  p {
    margin: 0;
  }
`;

const Meter = styled.div`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space(3))};
  margin-top: ${th((t) => t.space(2))};
  progress {
    flex: 1;
    min-width: 0;
    height: 0.5rem;
    accent-color: ${th((t) => t.colors.brandStrong)};
  }
`;

const Failed = styled.p`
  color: ${th((t) => t.colors.dangerStrong)};
`;

const TITLE_ID = 'sign-in-check-title';

/** The one sentence a screen reader hears (when it changes), not each step of the bar. */
const announcement = (state: SignInCheckState) =>
  state.status === 'solving' ? 'Security check running.' : state.status === 'ready' ? 'Security check done. You can sign in.' : '';

/**
 * Where the sign-in check stands, above the form: nothing while none is needed; while the browser solves it, why,
 * that nothing is asked of the shopper, and how far it has gone; then that it is done. The live region is always
 * there, so its changes are announced.
 */
export function SignInCheckStatus({ state }: { state: SignInCheckState }) {
  const percent = state.status === 'solving' ? Math.round(state.share * 100) : 100;
  return (
    <>
      {state.status !== 'none' && (
        <Box aria-labelledby={TITLE_ID} role="group">
          <p id={TITLE_ID}>
            <strong>Security check</strong>
          </p>
          {state.status === 'failed' ? (
            <Failed role="alert">{state.message}</Failed>
          ) : (
            <>
              <p>
                We are seeing many failed sign-ins right now, so your browser does a short security check before signing you in.
                You do not need to do anything: it takes a few seconds.
              </p>
              <Meter>
                <progress max={100} value={percent} aria-labelledby={TITLE_ID} />
                <span aria-hidden="true">{state.status === 'ready' ? 'Done' : `${percent}%`}</span>
              </Meter>
            </>
          )}
        </Box>
      )}
      <VisuallyHidden role="status">{announcement(state)}</VisuallyHidden>
    </>
  );
}

