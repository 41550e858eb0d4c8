import { CheckoutRoutes, Ok, PaymentConfig, isTestPayment } from '@pharmacy/contracts';
import { ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { PaymentProvider } from './port';

/** Public: pages learn from the server whether payments are real, so a test payment is always labelled. */
export const paymentRoutes: FastifyPluginAsyncTypebox<{ payments: PaymentProvider }> = async (app, { payments }) => {
  const config: PaymentConfig = { provider: payments.name, testPayments: isTestPayment(payments.name) };
  app.get(CheckoutRoutes.payments.config.path, { schema: { tags: ['payment'], response: responses(Ok(PaymentConfig)) } }, async () => ok(config));
  // The provider's own pages (the sandbox's approval page), inside this plugin like every route of the service.
  if (payments.routes) await app.register(payments.routes);
};
