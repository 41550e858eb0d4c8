import { Ok, PaymentConfig, isTestPayment } from '@pharmacy/contracts';
import type { App } from '@pharmacy/service-kit';
import { responses } from '../schemas';
import type { PaymentProvider } from './port';

/** Public: pages learn from the server whether payments are real, so a test payment is always labelled. */
export function paymentConfigRoutes(app: App, payments: PaymentProvider) {
  const config: PaymentConfig = { provider: payments.name, testPayments: isTestPayment(payments.name) };
  app.get('/api/payments/config', { schema: { tags: ['payment'], response: responses(Ok(PaymentConfig)) } }, async () => ({
    success: true as const, data: config,
  }));
}
