import { randomUUID } from 'node:crypto';
import { ACCESS_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE, type AuditEntryBody, type StaffRole } from '@pharmacy/contracts';
import { createAccessTokenSigner, INTERNAL_HEADER } from '@pharmacy/service-kit';
import type { TestApp } from './helpers';

/** Cookie and CSRF headers of a member of staff with these roles, signed with the test app's key. */
export function staffHeaders(t: TestApp, roles: StaffRole[], who: { id?: string; name?: string } = {}): Record<string, string> {
  const sign = createAccessTokenSigner(t.keys.privateKey);
  const id = who.id ?? `staff-${roles.join('-')}`;
  return {
    cookie: `${ACCESS_COOKIE}=${sign({ sub: id, admin: true, sid: `sid-${id}`, roles, staffName: who.name ?? `Staff ${id}` })}`,
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
  };
}

let n = 0;
/** An entry as another service would deliver it. */
export function entryBody(over: Partial<AuditEntryBody> = {}): AuditEntryBody {
  n++;
  return {
    id: randomUUID(),
    at: new Date(Date.UTC(2026, 10, 20, 9, 0, n)).toISOString(),
    service: 'catalog',
    requestId: `req-${n}`,
    actor: { id: 'staff-cat', name: 'Cara Catalogue', role: 'catalogue', roles: ['catalogue'] },
    action: 'product.edit',
    entity: { type: 'product', id: `p${n}`, name: `Product ${n}` },
    before: { price: 100 },
    after: { price: 120 },
    ...over,
  };
}

/** Delivers an entry on the internal route, as catalog and checkout do. */
export const deliver = (t: TestApp, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/internal/account/audit', headers: { [INTERNAL_HEADER]: t.keys.internalToken }, payload: body as object });
