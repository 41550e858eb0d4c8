import { Type } from '@sinclair/typebox';
import { CheckoutRoutes, Id, Ok, PAYMENT_RETURN_UNREADABLE, PaymentConfig, isTestPayment } from '@pharmacy/contracts';
import { ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { PaymentProvider } from './port';
import { returnParamsFor } from './registry';
import { CANCEL_PAGE, RETURN_PAGE } from './return-urls';

/**
 * A provider's return: our `orderId` and the provider's own parameters (a few short strings). A query that does not
 * fit is not refused with a 400 the shopper would see as a blank error: the handler sends them to the page's error state.
 */
const ProviderReturnQuery = Type.Object(
  { orderId: Type.Optional(Id) },
  { additionalProperties: Type.String({ maxLength: 256 }), maxProperties: 12 },
);
const redirect = { 303: Type.Null() };

const toPage = (page: string, params: Record<string, string | undefined>) => {
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return query.size ? `${page}?${query}` : page;
};

/**
 * Public. The payment configuration (pages learn from the server whether payments are real, so a test payment is
 * always labelled), and the two URLs a provider sends the shopper back to (docs/architecture.md#payments).
 */
export const paymentRoutes: FastifyPluginAsyncTypebox<{ payments: PaymentProvider }> = async (app, { payments }) => {
  const config: PaymentConfig = { provider: payments.name, testPayments: isTestPayment(payments.name) };
  app.get(CheckoutRoutes.payments.config.path, { schema: { tags: ['payment'], response: responses(Ok(PaymentConfig)) } }, async () => ok(config));

  // The provider's query is read here, by its entry, so the page and the capture call only ever see
  // { orderId, paymentId, payerId }. A redirect on the same origin: a relative Location keeps the shopper's session.
  app.get(
    CheckoutRoutes.payments.providerReturn.path,
    { schema: { querystring: ProviderReturnQuery, response: redirect, hide: true }, attachValidation: true },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.validationError) return reply.redirect(toPage(RETURN_PAGE, { error: PAYMENT_RETURN_UNREADABLE }), 303);
      const { orderId, ...provider } = request.query;
      const read = orderId ? returnParamsFor(payments.name, provider) : null;
      if (!read) {
        request.log.warn({ provider: payments.name, orderId, params: Object.keys(provider) }, 'payment return could not be read');
        return reply.redirect(toPage(RETURN_PAGE, { orderId, error: PAYMENT_RETURN_UNREADABLE }), 303);
      }
      return reply.redirect(toPage(RETURN_PAGE, { orderId, ...read }), 303);
    },
  );

  app.get(
    CheckoutRoutes.payments.providerCancel.path,
    { schema: { querystring: ProviderReturnQuery, response: redirect, hide: true }, attachValidation: true },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Without a valid order id the cancel page falls back to the order this tab started, or says none was found.
      const orderId = request.validationError ? undefined : request.query.orderId;
      return reply.redirect(toPage(CANCEL_PAGE, { orderId }), 303);
    },
  );

  // The provider's own pages (the sandbox's approval page), inside this plugin like every route of the service.
  if (payments.routes) await app.register(payments.routes);
};
