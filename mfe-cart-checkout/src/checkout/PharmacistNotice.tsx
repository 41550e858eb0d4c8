import styled from 'styled-components';
import { th } from '@pharmacy/ui';
import { noticePanel } from '../notice';

const Box = styled.section`
  margin: ${th((t) => t.space(4))} 0;
  ${noticePanel('brand', true)}
  h3 {
    margin: 0 0 ${th((t) => t.space(2))};
    font-size: ${th((t) => t.fontSizes.md)};
  }
  ul {
    margin: 0 0 ${th((t) => t.space(2))};
    padding-left: 1.25rem;
  }
`;

/**
 * Said before the shopper pays, so the hold after payment is no surprise: which of the reasons the checkout service
 * holds an order for a pharmacist apply to this one (acknowledged warnings, a pharmacy medicine, health terms the
 * catalog's medicine list does not know).
 */
export function PharmacistNotice({ warnings, pharmacyMedicine, unrecognisedTerms }: { warnings: boolean; pharmacyMedicine: boolean; unrecognisedTerms: readonly string[] }) {
  if (!warnings && !pharmacyMedicine && unrecognisedTerms.length === 0) return null;
  return (
    <Box aria-labelledby="pharmacist-notice-title">
      <h3 id="pharmacist-notice-title">A pharmacist checks this order</h3>
      <ul>
        {warnings && <li>You are confirming safety warnings for your health profile.</li>}
        {pharmacyMedicine && <li>It has a pharmacy medicine.</li>}
        {unrecognisedTerms.length > 0 && (
          <li>Your health profile has terms our medicine list does not recognise: {unrecognisedTerms.join(', ')}.</li>
        )}
      </ul>
      <p>
        You pay now, and the order waits for a pharmacist before it is sent; you can follow it in My Orders. If the pharmacist cannot
        approve it, your payment is refunded.
      </p>
    </Box>
  );
}
