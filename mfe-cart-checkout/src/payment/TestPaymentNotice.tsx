import styled from 'styled-components';
import { TEST_PAYMENT_NOTICE, isTestPayment } from '@pharmacy/contracts';
import { th } from '@pharmacy/ui';
import { checkoutQueries, useCheckoutQueries } from '../queries';

/**
 * Whether payments are tests (the sandbox provider), as the server says: null until it has answered, undefined when
 * it could not be asked (no notice then: the order's own payment method still labels it once known). Asked once per
 * page load (a failure is asked again at the next mount).
 */
export function useTestPayments(): boolean | null | undefined {
  useCheckoutQueries();
  const { data, isError } = checkoutQueries.usePaymentConfigQuery();
  if (isError) return undefined;
  return data ? data.testPayments : null;
}

const Banner = styled.p`
  margin: 0 0 ${th((t) => t.space(4))};
  padding: ${th((t) => t.space(3))} ${th((t) => t.space(4))};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.warningSubtle)};
  color: ${th((t) => t.colors.warning)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;

/**
 * "Test payment: no money is taken" while the shop takes payments through the sandbox, or when the order
 * shown was paid through it (paymentMethod), so a test order is never mistaken for a paid one.
 */
export function TestPaymentNotice({ paymentMethod, testPayments: known }: { paymentMethod?: string; testPayments?: boolean | null }) {
  const asked = useTestPayments();
  // a page that waited for the answer before showing itself passes it, so the notice is there in its first paint
  const testPayments = known ?? asked;
  const show = paymentMethod !== undefined ? isTestPayment(paymentMethod) : testPayments === true;
  return show ? <Banner role="note">{TEST_PAYMENT_NOTICE}</Banner> : null;
}
