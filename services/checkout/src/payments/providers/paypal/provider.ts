import { PaymentError, type CreatePaymentInput, type PaymentProvider, type RefundInput } from '../../port';

/** "12.30": the amount as PayPal's API takes it. */
const toDecimalString = (cents: number): string => (Math.round(cents) / 100).toFixed(2);

export const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** Default: PayPal's sandbox API. */
  apiBase?: string;
  fetch?: typeof fetch;
  /** Per request; a provider that hangs must not hang the shopper (default 15 s). */
  timeoutMs?: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

interface PayPalLink { href: string; rel: string; method?: string }
interface PayPalErrorBody { name?: string; message?: string; error?: string; error_description?: string; details?: Array<{ issue?: string; description?: string }> }

const UNAVAILABLE = 'The payment provider is having trouble right now. Your order is still open: please try again in a moment.';
const TIMEOUT = 'The payment provider did not answer in time. Your order is still open: please try again.';

/**
 * PayPal Orders v2 (https://developer.paypal.com/docs/api/orders/v2/): OAuth2 client-credentials token cached
 * until it expires, create an order with PayPal-Request-Id = our order id (a retried create returns the same
 * PayPal order), send the shopper to the "payer-action"/"approve" link, capture on return with its own
 * PayPal-Request-Id (a retried capture returns the same capture), and refund a capture with PayPal-Request-Id =
 * `refund-<our order id>` (a retried refund returns the same refund and moves no more money).
 */
export function createPayPalProvider(opts: PayPalOptions): PaymentProvider<'paypal'> {
  const base = (opts.apiBase ?? PAYPAL_SANDBOX_API_BASE).replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const now = opts.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | null = null;

  async function send(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new PaymentError('timeout', TIMEOUT, `${path} timed out`);
      throw new PaymentError('unavailable', UNAVAILABLE, `${path}: ${(err as Error)?.message}`);
    }
    let body: unknown = null;
    try {
      const text = await res.text();
      body = text ? JSON.parse(text) : null;
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new PaymentError('timeout', TIMEOUT, `${path} body timed out`);
      body = null;
    }
    return { status: res.status, body };
  }

  async function token(): Promise<string> {
    if (cached && cached.expiresAt > now()) return cached.token;
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const { status, body } = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const b = (body ?? {}) as { access_token?: string; expires_in?: number } & PayPalErrorBody;
    if (status !== 200 || !b.access_token) {
      // 401 invalid_client means our credentials are wrong: an operator's problem, not the shopper's.
      throw new PaymentError('unavailable', UNAVAILABLE, `oauth2 token ${status} ${b.error ?? ''} ${b.error_description ?? ''}`.trim());
    }
    // Renew a minute early so a token never expires between our check and PayPal's.
    const lifetimeMs = Math.max(0, (Number(b.expires_in) || 0) * 1000 - 60_000);
    cached = { token: b.access_token, expiresAt: now() + lifetimeMs };
    return b.access_token;
  }

  /** An authorised JSON call; a 401 (token revoked or expired early) gets one retry with a fresh token. */
  async function api(method: 'POST' | 'GET', path: string, requestId: string, payload?: unknown) {
    for (let attempt = 0; ; attempt++) {
      const t = await token();
      const result = await send(path, {
        method,
        headers: {
          authorization: `Bearer ${t}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'paypal-request-id': requestId,
          prefer: 'return=representation',
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      if (result.status === 401 && attempt === 0) {
        cached = null;
        continue;
      }
      return result;
    }
  }

  const issueOf = (body: unknown) => ((body as PayPalErrorBody | null)?.details ?? [])[0]?.issue ?? (body as PayPalErrorBody | null)?.name ?? '';

  function fail(op: string, status: number, body: unknown): never {
    const issue = issueOf(body);
    const detail = `${op} ${status} ${issue}`.trim();
    if (status >= 500 || status === 401 || status === 429) throw new PaymentError('unavailable', UNAVAILABLE, detail);
    if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED' || issue === 'TRANSACTION_REFUSED') {
      throw new PaymentError('declined', 'Your payment method was declined. Please try again with another payment method.', detail);
    }
    if (issue === 'ORDER_NOT_APPROVED') throw new PaymentError('not_approved', 'The payment has not been approved yet.', detail);
    if (status === 404) throw new PaymentError('rejected', 'The payment provider does not know this payment.', detail);
    throw new PaymentError('rejected', 'The payment provider refused this payment.', detail);
  }

  /** A COMPLETED order whose capture was not declined or failed: the money was taken. */
  const capturedBy = (body: unknown) => {
    const capture = firstCapture(body);
    const orderStatus = (body as { status?: string } | null)?.status;
    return orderStatus === 'COMPLETED' && capture && capture.status !== 'DECLINED' && capture.status !== 'FAILED' ? capture : undefined;
  };

  return {
    name: 'paypal',

    async createPayment(input: CreatePaymentInput) {
      // PayPal adds only its token on a cancel: the order id rides in our URL (once, however the URL came).
      const cancel = new URL(input.cancelUrl);
      cancel.searchParams.set('orderId', input.orderId);
      const cancelUrl = cancel.toString();
      const { status, body } = await api('POST', '/v2/checkout/orders', input.orderId, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.orderId,
            custom_id: input.orderId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency, value: toDecimalString(input.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      });
      if (status !== 200 && status !== 201) fail('create order', status, body);
      const b = body as { id?: string; links?: PayPalLink[] };
      const link = b.links?.find((l) => l.rel === 'payer-action') ?? b.links?.find((l) => l.rel === 'approve');
      if (!b.id || !link) throw new PaymentError('unavailable', UNAVAILABLE, 'create order: no id or approval link');
      return { paymentId: b.id, approvalURL: link.href };
    },

    async capture(paymentId) {
      const path = `/v2/checkout/orders/${encodeURIComponent(paymentId)}/capture`;
      const { status, body } = await api('POST', path, `capture-${paymentId}`, {});
      if (status === 422 && issueOf(body) === 'ORDER_ALREADY_CAPTURED') {
        // Captured by an earlier attempt whose answer we lost: read the capture back.
        const got = await api('GET', `/v2/checkout/orders/${encodeURIComponent(paymentId)}`, `get-${paymentId}`);
        const capture = firstCapture(got.body);
        return { captureId: capture?.id ?? paymentId };
      }
      if (status !== 200 && status !== 201) fail('capture', status, body);
      const capture = capturedBy(body);
      if (!capture) {
        const detail = `capture status ${(body as { status?: string } | null)?.status}/${firstCapture(body)?.status}`;
        throw new PaymentError('declined', 'Your payment method was declined. Please try again with another payment method.', detail);
      }
      return { captureId: capture.id };
    },

    // POST /v2/payments/captures/{capture_id}/refund (https://developer.paypal.com/docs/api/payments/v2/#captures_refund).
    async refund(captureId: string, input: RefundInput) {
      const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
      const { status, body } = await api('POST', path, `refund-${input.orderId}`, {
        amount: { currency_code: input.currency, value: toDecimalString(input.amountCents) },
        invoice_id: input.orderId,
        note_to_payer: 'Refund: our pharmacist could not approve this order.',
      });
      // Refunded before under another request id (by hand in PayPal's dashboard, say): the money is back already.
      if (status === 422 && issueOf(body) === 'CAPTURE_FULLY_REFUNDED') return { refundId: `${captureId}-refunded` };
      if (status !== 200 && status !== 201) fail('refund', status, body);
      const b = body as { id?: string; status?: string } | null;
      if (!b?.id) throw new PaymentError('unavailable', UNAVAILABLE, 'refund: no id');
      // PENDING is a refund PayPal accepted and is still sending; FAILED or CANCELLED moved no money.
      if (b.status === 'FAILED' || b.status === 'CANCELLED') {
        throw new PaymentError('rejected', 'The payment provider could not refund this payment.', `refund status ${b.status}`);
      }
      return { refundId: b.id };
    },

    // An order PayPal created but nobody approved takes no money and expires on PayPal's side; there is no call to
    // withdraw it, and the shopper never saw its approval link (placing failed before answering).
    async cancelPayment() {},

    // GET /v2/checkout/orders/{id}: COMPLETED with a capture means the money was taken, whatever we recorded.
    async getPayment(paymentId) {
      const { status, body } = await api('GET', `/v2/checkout/orders/${encodeURIComponent(paymentId)}`, `get-${paymentId}`);
      if (status === 404) return { status: 'not_captured' };
      if (status !== 200) fail('get order', status, body);
      const capture = capturedBy(body);
      const payerId = (body as { payer?: { payer_id?: string } } | null)?.payer?.payer_id;
      return capture ? { status: 'captured', captureId: capture.id, ...(payerId ? { payerId } : {}) } : { status: 'not_captured' };
    },
  };
}

function firstCapture(body: unknown): { id: string; status?: string } | undefined {
  const units = (body as { purchase_units?: Array<{ payments?: { captures?: Array<{ id: string; status?: string }> } }> } | null)?.purchase_units;
  return units?.[0]?.payments?.captures?.[0];
}
