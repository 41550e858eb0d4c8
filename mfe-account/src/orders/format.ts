import type { OrderView } from './slice';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  inProcess: 'Being prepared',
  inShipping: 'On its way',
  delivered: 'Delivered',
  rejected: 'Cancelled',
  paid: 'Paid',
  refunded: 'Refunded',
  failed: 'Failed',
};

export const statusLabel = (status: string | undefined) => (status ? STATUS_LABELS[status] ?? status : '—');

export type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';
export function statusTone(status: string | undefined): Tone {
  switch (status) {
    case 'delivered':
    case 'paid':
      return 'success';
    case 'confirmed':
    case 'inProcess':
    case 'inShipping':
      return 'brand';
    case 'rejected':
    case 'failed':
      return 'danger';
    case 'pending':
    case 'refunded':
      return 'warning';
    default:
      return 'neutral';
  }
}

export function formatMoney(amount: number | string | undefined, currency = 'USD'): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (n === undefined || !Number.isFinite(n)) return '—';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(n);
  } catch {
    return `${n.toFixed(2)} ${currency}`;
  }
}

export function formatDate(iso: string | undefined, withTime = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
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
