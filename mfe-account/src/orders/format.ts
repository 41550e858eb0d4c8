import { MISSING_VALUE } from '@pharmacy/contracts';
import type { OrderView } from './slice';

export function formatDate(iso: string | undefined, withTime = false): string {
  if (!iso) return MISSING_VALUE;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return MISSING_VALUE;
  return d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
}

export const orderDate = (o: OrderView) => o.orderDate ?? o.createdAt;
export const orderHistory = (o: OrderView) => o.history ?? o.statusHistory ?? [];
/** The short form shoppers read and quote to support. */
export const orderNumber = (o: OrderView) => o._id.slice(0, 8).toUpperCase();
