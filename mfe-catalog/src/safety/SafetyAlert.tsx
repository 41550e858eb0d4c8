import styled from 'styled-components';
import type { SafetyWarning } from '@pharmacy/contracts';
import { th } from '@pharmacy/ui';

const Box = styled.div`
  padding: ${th((t) => t.space(4))};
  border: 1px solid ${th((t) => t.colors.danger)};
  border-left-width: 6px;
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.dangerSubtle)};
  color: ${th((t) => t.colors.text)};
  h2 {
    margin: 0 0 ${th((t) => t.space(2))};
    font-size: ${th((t) => t.fontSizes.lg)};
    color: ${th((t) => t.colors.dangerStrong)};
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  p {
    margin: ${th((t) => t.space(2))} 0 0;
  }
`;

/**
 * The catalog's warnings for the signed-in shopper, each in the catalog's own words (what matched and why), so the
 * product page says exactly what the cart, checkout and the pharmacist will see.
 */
export function SafetyAlert({ warnings }: { warnings: readonly SafetyWarning[] }) {
  return (
    <Box role="alert" aria-labelledby="safety-alert-title">
      <h2 id="safety-alert-title">Check before you buy</h2>
      <ul>
        {warnings.map((w) => (
          <li key={w.message}>{w.message}</li>
        ))}
      </ul>
      <p>
        Please talk to one of our pharmacists before ordering. If you order it, you will be asked to confirm that you have read this
        warning, and a pharmacist will check your order after payment before it is sent.
      </p>
    </Box>
  );
}

const Unchecked = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.textMuted)};
`;

/** The check could not be made: say so rather than look safe (the cart and checkout check again). */
export function SafetyUnchecked() {
  return (
    <Unchecked role="status">
      We could not check this product against your health profile just now. Your cart and checkout check it again before you order.
    </Unchecked>
  );
}
