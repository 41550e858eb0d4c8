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

/** Whether payments are tests (the sandbox provider), as the server says; null until it has answered. */
export function useTestPayments(): boolean | null {
  const [testPayments, setTestPayments] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    loadTestPayments().then(
      (v) => live && setTestPayments(v),
      () => undefined, // no answer, no notice: the order's own payment method still labels it once known
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
export function TestPaymentNotice({ paymentMethod }: { paymentMethod?: string }) {
  const testPayments = useTestPayments();
  const show = paymentMethod !== undefined ? isTestPayment(paymentMethod) : testPayments === true;
  return show ? <Banner role="note">{TEST_PAYMENT_NOTICE}</Banner> : null;
}
