import { CheckoutRoutes, PrescriptionItemParams, PrescriptionParams, ReminderBody, ShopperPrescriptionResponse } from '@pharmacy/contracts';
import { ok, requireUser, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { RateLimits } from '../deps';
import type { Reminders } from './reminders';
import type { Repeats } from './repeat';
import { shopperView } from './views';

/** Repeat supply on the shopper's own prescriptions (docs/api.md#repeat-supply): anyone else's reads as not found. */
export const repeatRoutes: FastifyPluginAsyncTypebox<{ repeats: Repeats; reminders: Reminders; limits: RateLimits }> = async (app, { repeats, reminders, limits }) => {
  const user = { preHandler: requireUser, config: { rateLimit: limits.cart } };
  const tags = ['prescriptions'];

  app.post(CheckoutRoutes.prescriptions.repeat.path, { ...user, schema: { tags, params: PrescriptionParams, response: responses(ShopperPrescriptionResponse) } }, async (request) =>
    ok(shopperView(await repeats.request(request.user.sub, request.params.id), repeats.today()), 'Your repeat was requested. A pharmacist checks it before you can order.'),
  );

  app.put(CheckoutRoutes.prescriptions.reminder.path, {
    ...user, schema: { tags, params: PrescriptionItemParams, body: ReminderBody, response: responses(ShopperPrescriptionResponse) },
  }, async (request) => {
    const p = await reminders.set(request.user.sub, request.params.id, request.params.itemId, request.body);
    return ok(shopperView(p, repeats.today()), request.body.enabled ? 'We will remind you by email when it is time to reorder.' : 'Reminders for this medicine are off.');
  });
};
