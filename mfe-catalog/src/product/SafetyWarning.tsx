import styled from 'styled-components';
import { th } from '@pharmacy/ui';
import type { SafetyWarnings } from '../lib/safety';

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

/** Shown to a signed-in user whose profile matches the product's allergens, contraindications or minimum age. */
export function SafetyWarning({ warnings }: { warnings: SafetyWarnings }) {
  return (
    <Box role="alert">
      <h2>Check before you buy</h2>
      <ul>
        {warnings.allergens.length > 0 && <li>Contains {warnings.allergens.join(', ')}, which you told us you are allergic to.</li>}
        {warnings.conditions.length > 0 && <li>Not advised for people with {warnings.conditions.join(', ')}, which is in your health profile.</li>}
        {warnings.underAge !== null && <li>You must be {warnings.underAge} or over to buy this product.</li>}
      </ul>
      <p>Please talk to one of our pharmacists before ordering. If you order it, you will be asked to confirm that you have read this warning.</p>
    </Box>
  );
}
