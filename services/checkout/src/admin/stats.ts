import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStats } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { toAmount } from '../money';
import type { OrderDoc } from '../orders/store';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Dashboard figures from real orders: revenue counts paid orders by their order date (UTC days). */
export async function orderStats(orders: Collection<OrderDoc>, now: Date): Promise<OrderStats> {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = todayStart - 29 * DAY_MS;
  const recent = await orders.find({ createdAt: { $gte: since } }, { projection: { _id: 1, createdAt: 1, totalCents: 1, paymentStatus: 1 } });

  const days = new Map<string, { revenueCents: number; orders: number }>();
  for (let i = 0; i < 30; i++) days.set(dayKey(since + i * DAY_MS), { revenueCents: 0, orders: 0 });
  const today = { revenueCents: 0, orders: 0, paidOrders: 0 };
  const month = { revenueCents: 0, orders: 0, paidOrders: 0 };
  for (const o of recent) {
    const paid = o.paymentStatus === 'paid';
    const cents = paid ? o.totalCents : 0;
    const day = days.get(dayKey(o.createdAt));
    if (day) {
      day.orders++;
      day.revenueCents += cents;
    }
    month.orders++;
    month.revenueCents += cents;
    if (paid) month.paidOrders++;
    if (o.createdAt >= todayStart) {
      today.orders++;
      today.revenueCents += cents;
      if (paid) today.paidOrders++;
    }
  }
  const [byOrder, byPayment] = await Promise.all([
    Promise.all(ORDER_STATUSES.map(async (s) => [s, await orders.countDocuments({ orderStatus: s })] as const)),
    Promise.all(PAYMENT_STATUSES.map(async (s) => [s, await orders.countDocuments({ paymentStatus: s })] as const)),
  ]);
  const figures = (f: typeof today) => ({ revenue: toAmount(f.revenueCents), orders: f.orders, paidOrders: f.paidOrders });
  return {
    today: figures(today),
    last30Days: figures(month),
    byOrderStatus: Object.fromEntries(byOrder) as OrderStats['byOrderStatus'],
    byPaymentStatus: Object.fromEntries(byPayment) as OrderStats['byPaymentStatus'],
    dailyRevenue: [...days].map(([date, d]) => ({ date, revenue: toAmount(d.revenueCents), orders: d.orders })),
  };
}
