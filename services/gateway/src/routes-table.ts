/**
 * Which service owns which public /api prefix (docs/architecture.md#services). The distributed gateway proxies exactly these;
 * /internal/* is never proxied, so service-to-service routes stay private. The dev mailbox is not proxied either: the
 * gateway itself serves it, to its own machine only (see gateway.ts).
 */
export const SERVICE_PREFIXES = {
  account: ['/api/auth', '/api/account', '/api/admin/users', '/api/admin/pharmacist'],
  catalog: ['/api/shop/products', '/api/shop/search', '/api/shop/review', '/api/shop/safety', '/api/admin/products', '/api/common/feature', '/api/media'],
  checkout: ['/api/shop/cart', '/api/shop/delivery', '/api/shop/address', '/api/shop/order', '/api/shop/prescriptions', '/api/admin/orders', '/api/admin/prescriptions', '/api/shop/recalls', '/api/admin/recalls', '/api/admin/supply-limits', '/api/payments'],
} as const;

export type ServiceName = keyof typeof SERVICE_PREFIXES;
export const SERVICE_NAMES = Object.keys(SERVICE_PREFIXES) as ServiceName[];
