import { CheckoutRoutes, DeliveryOptionsResponse, NoQuery } from '@pharmacy/contracts';
import { ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { DeliveryPricing } from './pricing';

/**
 * Public and the same for everyone (cacheable): the market's currency, delivery fees, free-delivery threshold, tax
 * rate and the pharmacies to collect from, for the pages that price a cart.
 */
export const deliveryRoutes: FastifyPluginAsyncTypebox<{ pricing: DeliveryPricing }> = async (app, { pricing }) => {
  app.get(
    CheckoutRoutes.delivery.options.path,
    { config: { publicData: true }, schema: { tags: ['delivery'], summary: 'Delivery methods, fees, tax rate and pharmacies', querystring: NoQuery, response: responses(DeliveryOptionsResponse) } },
    async () => ok(pricing.options),
  );
};
