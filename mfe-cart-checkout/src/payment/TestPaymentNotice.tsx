import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { TEST_PAYMENT_NOTICE, isTestPayment } from '@pharmacy/contracts';
import { th } from '@pharmacy/ui';
import { paymentApi } from '../cart/api';

// One request per page load: the provider does not change while the shop runs.
let configRequest: Promise<boolean> | null = null;
function loadTestPayments(): Promise<boolean> {
  configRequest ??= paymentApi.config().then(
    (c) => c.testPayments,
    (err: unknown) => {
      configRequest = null; // ask again on the next page rather than remember a failure
      throw err;
    },
  );
  return configRequest;
}

/** Test hook: forget the answer (each test starts from a fresh page load). */
export function resetPaymentConfig(): void {
  configRequest = null;
}

/**
 * Whether payments are tests (the sandbox provider), as the server says: null until it has answered, undefined when
 * it could not be asked (no notice then: the order's own payment method still labels it once known).
 */
export function useTestPayments(): boolean | null | undefined {
  const [testPayments, setTestPayments] = useState<boolean | null | undefined>(null);
  useEffect(() => {
    let live = true;
    loadTestPayments().then(
      (v) => live && setTestPayments(v),
      () => live && setTestPayments(undefined),
    );
    return () => {
      live = false;
    };
  }, []);
  return testPayments;
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
