/**
 * A LOCAL fake of PayPal's documented Orders v2 endpoints (a real HTTP server on a free 127.0.0.1 port):
 * OAuth2 client credentials, create order (idempotent on PayPal-Request-Id), get order, capture, refund a capture
 * (idempotent on PayPal-Request-Id; a second refund of a fully refunded capture is CAPTURE_FULLY_REFUNDED), PayPal's
 * error responses, and scripted faults.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted answer for the next request to a path: an error response, `hang` (never answers: the provider's
 * timeout must fire), or `apply-then-hang` (PayPal does the work, e.g. takes the money, and the answer is lost).
 */
export type Fault = { status: number; body?: unknown } | 'hang' | 'apply-then-hang';
export interface FakePayPal {
  base: string;
  tokenCalls: number;
  requests: Array<{ method: string; path: string; requestId?: string; auth?: string; body: unknown }>;
  orders: Map<string, { status: string; amount: string; captureId?: string; requestId: string }>;
  /** Refunds made (money given back), by refund id. */
  refunds: Map<string, { captureId: string; requestId: string; amount: unknown }>;
  /** Next responses for a path prefix, consumed in order. */
  faults: Map<string, Fault[]>;
  approve(id: string): void;
  close(): Promise<void>;
}

/** A real HTTP server on a free 127.0.0.1 port answering like PayPal's Orders v2 and OAuth2 endpoints. */
export async function startFakePayPal(opts: { clientId: string; clientSecret: string; tokenTtl?: number }): Promise<FakePayPal> {
  const state: Omit<FakePayPal, 'base' | 'close' | 'approve'> = { tokenCalls: 0, requests: [], orders: new Map(), refunds: new Map(), faults: new Map() };
  const tokens = new Set<string>();
  let seq = 0;
  const byRequestId = new Map<string, string>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = req.url ?? '';
      let lose = false;
      const send = (status: number, body: unknown) => {
        if (lose) return; // the work is done, the answer never arrives
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const body = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw;
      state.requests.push({ method: req.method ?? '', path, requestId: req.headers['paypal-request-id'] as string | undefined, auth: req.headers.authorization, body });
      const faultKey = [...state.faults.keys()].find((k) => path.startsWith(k) && (state.faults.get(k)?.length ?? 0) > 0);
      if (faultKey) {
        const fault = state.faults.get(faultKey)!.shift()!;
        if (fault === 'hang') return; // never answers: the provider's timeout must fire
        if (fault === 'apply-then-hang') lose = true;
        else return send(fault.status, fault.body ?? {});
      }

      if (path === '/v1/oauth2/token' && req.method === 'POST') {
        state.tokenCalls++;
        const expected = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== expected || raw !== 'grant_type=client_credentials') {
          return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        const token = `A21AA${++seq}`;
        tokens.add(token);
        return send(200, { scope: 'https://uri.paypal.com/services/payments', access_token: token, token_type: 'Bearer', app_id: 'APP-1', expires_in: opts.tokenTtl ?? 32400, nonce: 'n' });
      }
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!tokens.has(bearer)) return send(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials.' });

      if (path === '/v2/checkout/orders' && req.method === 'POST') {
        const requestId = req.headers['paypal-request-id'] as string;
        const existing = byRequestId.get(requestId);
        const id = existing ?? `5O190127TN${String(++seq).padStart(6, '0')}`;
        if (!existing) {
          byRequestId.set(requestId, id);
          const unit = (body as { purchase_units: Array<{ amount: { value: string } }> }).purchase_units[0];
          state.orders.set(id, { status: 'PAYER_ACTION_REQUIRED', amount: unit.amount.value, requestId });
        }
        return send(existing ? 200 : 201, {
          id, status: 'PAYER_ACTION_REQUIRED',
          links: [
            { href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
            { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
          ],
        });
      }
      const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
      if (refund && req.method === 'POST') {
        const requestId = req.headers['paypal-request-id'] as string;
        const captured = [...state.orders.values()].find((o) => o.captureId === refund[1]);
        if (!captured) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
        const earlier = [...state.refunds].find(([, r]) => r.captureId === refund[1]);
        if (earlier && earlier[1].requestId === requestId) return send(200, { id: earlier[0], status: 'COMPLETED' });
        if (earlier) return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] });
        const id = `1JU08902781691411${++seq}`;
        state.refunds.set(id, { captureId: refund[1], requestId, amount: (body as { amount?: unknown }).amount });
        return send(201, { id, status: 'COMPLETED' });
      }
      const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
      if (m) {
        const order = state.orders.get(m[1]);
        if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
        const view = () => ({
          id: m[1], status: order.status,
          purchase_units: [{ reference_id: 'default', payments: order.captureId ? { captures: [{ id: order.captureId, status: 'COMPLETED', amount: { currency_code: 'USD', value: order.amount } }] } : undefined }],
        });
        if (!m[2] && req.method === 'GET') return send(200, view());
        if (m[2] && req.method === 'POST') {
          if (order.status === 'COMPLETED') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }] });
          if (order.status !== 'APPROVED') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
          order.status = 'COMPLETED';
          order.captureId = `3C679366HH${++seq}`;
          return send(201, view());
        }
      }
      return send(404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    base: `http://127.0.0.1:${port}`,
    approve(id: string) {
      const o = state.orders.get(id);
      if (o) o.status = 'APPROVED';
    },
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  }) as FakePayPal;
}
