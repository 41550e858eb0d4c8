import { randomBytes, randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { DocumentStore } from '@pharmacy/db';
import { Id, StrictObject, TEST_PAYMENT_NOTICE, centsToDecimal, formatMoney } from '@pharmacy/contracts';
import { PaymentError, type CreatePaymentInput, type PaymentProvider, type RefundInput } from '../../port';
import { escapeHtml, page } from '../../../sandbox/page';
import { sandboxPaymentsStore, type SandboxPaymentDoc } from './store';

/**
 * The default provider: no real money moves. It serves a clearly labelled approval page; Approve sends the
 * shopper back with paymentId and PayerID like a real provider would, Cancel sends them to the cancel page.
 */
export function createSandboxProvider(opts: { store: DocumentStore; publicOrigin: string }): PaymentProvider<'sandbox'> {
  const { payments, indexed } = sandboxPaymentsStore(opts.store);
  // The shopper stays on the origin they started from (the return URL's), so their session cookie comes back.
  const shopOrigin = (doc: SandboxPaymentDoc) => {
    try {
      return new URL(doc.returnUrl).origin;
    } catch {
      return opts.publicOrigin.replace(/\/$/, '');
    }
  };
  // `set`, not append: the shop's URL already names the order, and a repeated parameter would make it unreadable.
  const withQuery = (url: string, params: Record<string, string>) => {
    const to = new URL(url);
    for (const [name, value] of Object.entries(params)) to.searchParams.set(name, value);
    return to.toString();
  };

  return {
    name: 'sandbox',

    async createPayment(input: CreatePaymentInput) {
      // One payment per order (the order id is the idempotency key, as with PayPal-Request-Id).
      await indexed;
      const existing = await payments.findOne({ orderId: input.orderId });
      const doc: SandboxPaymentDoc = existing ?? {
        _id: `SBX-${randomUUID()}`,
        orderId: input.orderId,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        status: 'created',
        payerId: null,
        captureId: null,
        createdAt: new Date(),
      };
      if (!existing) await payments.insertOne(doc);
      return { paymentId: doc._id, approvalURL: `${shopOrigin(doc)}/api/payments/sandbox/approve/${doc._id}` };
    },

    async cancelPayment(orderId) {
      await payments.updateOne({ orderId, status: { $in: ['created', 'approved'] } }, { $set: { status: 'cancelled', cancelledAt: new Date() } });
    },

    async getPayment(paymentId) {
      const doc = await payments.findOne({ _id: paymentId });
      // A refunded payment was captured first: the money was taken (and given back, which the order records).
      return (doc?.status === 'captured' || doc?.status === 'refunded') && doc.captureId
        ? { status: 'captured', captureId: doc.captureId, ...(doc.payerId ? { payerId: doc.payerId } : {}) }
        : { status: 'not_captured' };
    },

    async capture(paymentId, payerId) {
      const doc = await payments.findOne({ _id: paymentId });
      if (!doc) throw new PaymentError('rejected', 'This payment does not exist.');
      if (doc.payerId !== null && doc.payerId !== payerId) throw new PaymentError('rejected', 'This payment was approved by someone else.');
      if (doc.status === 'captured' || doc.status === 'refunded') return { captureId: doc.captureId as string };
      if (doc.status === 'cancelled') throw new PaymentError('rejected', 'This payment was cancelled.');
      if (doc.status === 'created') throw new PaymentError('not_approved', 'The payment has not been approved yet.');
      const captureId = `SBXCAP-${randomUUID()}`;
      const done = await payments.findOneAndUpdate(
        { _id: paymentId, status: 'approved', payerId },
        { $set: { status: 'captured', captureId, capturedAt: new Date() } },
        { returnDocument: 'after' },
      );
      if (done) return { captureId };
      // Someone captured it between the read and the update: that capture is ours too.
      const again = await payments.findOne({ _id: paymentId });
      if (again?.status === 'captured' && again.payerId === payerId) return { captureId: again.captureId as string };
      throw new PaymentError('rejected', 'This payment can no longer be captured.');
    },

    // Records the refund once per payment, like a provider keyed by the order: a second call returns the first refund.
    async refund(captureId: string, input: RefundInput) {
      await indexed;
      const doc = await payments.findOne({ captureId });
      if (!doc || doc.orderId !== input.orderId) throw new PaymentError('rejected', 'The payment provider does not know this payment.', `no capture ${captureId}`);
      if (doc.refundId) return { refundId: doc.refundId };
      if (input.amountCents > doc.amountCents) throw new PaymentError('rejected', 'A refund cannot be larger than the payment.', `${input.amountCents} > ${doc.amountCents}`);
      const refundId = `SBXREF-${randomUUID()}`;
      const done = await payments.findOneAndUpdate(
        { _id: doc._id, status: 'captured' },
        { $set: { status: 'refunded', refundId, refundedCents: input.amountCents, refundedAt: new Date() } },
        { returnDocument: 'after' },
      );
      if (done) return { refundId };
      const again = await payments.findOne({ _id: doc._id });
      if (again?.refundId) return { refundId: again.refundId };
      throw new PaymentError('rejected', 'This payment can no longer be refunded.', `status ${again?.status}`);
    },

    async routes(app) {
      const params = StrictObject({ paymentId: Id });
      const html = { 200: Type.String(), 302: Type.Null(), 404: Type.String(), 409: Type.String() };
      const hide = true;

      app.get('/api/payments/sandbox/approve/:paymentId', { schema: { params, response: html, hide } }, async (request, reply) => {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        const doc = await payments.findOne({ _id: request.params.paymentId });
        if (!doc) {
          return reply.status(404).send(page('Payment not found', '<h1>Payment not found</h1><p>This sandbox payment does not exist.</p>'));
        }
        const amount = escapeHtml(formatMoney(centsToDecimal(doc.amountCents), doc.currency));
        if (doc.status === 'cancelled' || doc.status === 'captured' || doc.status === 'refunded') {
          const what = doc.status === 'cancelled' ? 'was cancelled' : doc.status === 'refunded' ? 'was refunded' : 'is already paid';
          return reply.status(409).send(page('Sandbox payment', `<div class="banner">${TEST_PAYMENT_NOTICE}</div><h1>This payment ${what}</h1><p><a href="${escapeHtml(shopOrigin(doc))}/cart">Back to the shop</a></p>`));
        }
        const id = encodeURIComponent(doc._id);
        return reply.send(
          page(
            'Sandbox payment — approve',
            `<div class="banner" role="note">${TEST_PAYMENT_NOTICE}</div>
<p>Sandbox payment provider</p>
<h1>Approve your payment</h1>
<p>${escapeHtml(doc.description)}</p>
<p>Amount</p><p class="amount" data-testid="sandbox-amount">${amount}</p>
<div class="actions">
<a class="btn approve" href="/api/payments/sandbox/approve/${id}/confirm">Approve</a>
<a class="btn cancel" href="/api/payments/sandbox/cancel/${id}">Cancel</a>
</div>`,
          ),
        );
      });

      // Plain links rather than forms: a sandbox decision moves no money, and a redirect after a form post
      // would be blocked by the form-action CSP when the shop runs on another origin in development.
      app.get('/api/payments/sandbox/approve/:paymentId/confirm', { schema: { params, response: html, hide } }, async (request, reply) => {
        const id = request.params.paymentId;
        const payerId = `SBXPAYER${randomBytes(5).toString('hex').toUpperCase()}`;
        await payments.updateOne({ _id: id, status: 'created' }, { $set: { status: 'approved', payerId, approvedAt: new Date() } });
        const doc = await payments.findOne({ _id: id });
        if (!doc || doc.status === 'cancelled' || !doc.payerId) {
          reply.type('text/html; charset=utf-8');
          return reply.status(doc ? 409 : 404).send(page('Sandbox payment', '<h1>This payment can no longer be approved</h1>'));
        }
        return reply.redirect(withQuery(doc.returnUrl, { paymentId: doc._id, PayerID: doc.payerId }), 302);
      });

      app.get('/api/payments/sandbox/cancel/:paymentId', { schema: { params, response: html, hide } }, async (request, reply) => {
        const id = request.params.paymentId;
        await payments.updateOne({ _id: id, status: { $in: ['created', 'approved'] } }, { $set: { status: 'cancelled', cancelledAt: new Date() } });
        const doc = await payments.findOne({ _id: id });
        if (!doc || doc.status !== 'cancelled') {
          reply.type('text/html; charset=utf-8');
          return reply.status(doc ? 409 : 404).send(page('Sandbox payment', '<h1>This payment can no longer be cancelled</h1>'));
        }
        return reply.redirect(withQuery(doc.cancelUrl, { paymentId: doc._id, orderId: doc.orderId }), 302);
      });
    },
  };
}
