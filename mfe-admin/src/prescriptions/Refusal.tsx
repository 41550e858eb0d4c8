import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CheckoutErrorCodes, NO_RESPONSIBLE_PHARMACIST_CODE, RESPONSIBLE_PHARMACIST_ABSENT_CODE } from '@pharmacy/contracts';
import type { ShopQueryError } from '@pharmacy/session';
import { th } from '@pharmacy/ui';
import { Acknowledge } from './Acknowledge';

const Box = styled.div`
  padding: ${th((t) => t.space(3))};
  border: 1px solid ${th((t) => t.colors.dangerStrong)};
  border-radius: ${th((t) => t.radii.md)};
  color: ${th((t) => t.colors.dangerStrong)};
  p { margin: 0; }
  p + p { margin-top: ${th((t) => t.space(2))}; }
`;

/** What to do next, by the refusal's kind; the form keeps everything typed in every case. */
function nextStep(error: ShopQueryError) {
  if (error.code === NO_RESPONSIBLE_PHARMACIST_CODE)
    return (
      <>
        Sign in on the <Link to="/admin/dashboard">Dashboard's Responsible pharmacist panel</Link>, then decide again: what you typed stays here.
      </>
    );
  if (error.code === RESPONSIBLE_PHARMACIST_ABSENT_CODE)
    return (
      <>
        Once they are back (Back on the <Link to="/admin/dashboard">Dashboard's Responsible pharmacist panel</Link>), decide again: what you typed stays here.
      </>
    );
  if (error.status === 409) return 'The prescription has been read again and is shown as it now is.';
  return null;
}

/** The medicines chosen raise warnings the profile did not show for the product it was added for: read in the refusal. */
export const needsWarningsRead = (error: ShopQueryError | undefined): boolean => error?.code === CheckoutErrorCodes.SAFETY_ACK_REQUIRED;

export interface RefusalProps {
  error: ShopQueryError;
  /** For a refusal that lists safety warnings: the box that says they were read. */
  acknowledged: boolean;
  onAcknowledge: (yes: boolean) => void;
}

/** Why the server refused a decision, in its words, and the way on. */
export function Refusal({ error, acknowledged, onAcknowledge }: RefusalProps) {
  const next = nextStep(error);
  return (
    <Box role="alert">
      <p>{error.message}</p>
      {next && <p>{next}</p>}
      {needsWarningsRead(error) && (
        <Acknowledge checked={acknowledged} onChange={onAcknowledge} />
      )}
    </Box>
  );
}
