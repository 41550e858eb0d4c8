import type { Doc, DocumentStore } from '@pharmacy/db';

/**
 * The checkout's store, except that the order write moving `paymentStatus` to `status` throws while `fault.on` is
 * set: a process stopped after the provider took (or gave back) the money and before the order recorded it.
 */
export function stopBeforePaymentWrite(status: 'paid' | 'refunded', fault: { on: boolean }) {
  return (store: DocumentStore): DocumentStore => ({
    kind: store.kind,
    close: () => store.close(),
    collection<T extends Doc>(name: string) {
      const real = store.collection<T>(name);
      if (name !== 'orders') return real;
      return new Proxy(real, {
        get(target, prop) {
          if (prop === 'findOneAndUpdate') {
            return async (...args: Parameters<typeof real.findOneAndUpdate>) => {
              const set = (args[1] as { $set?: Record<string, unknown> }).$set;
              if (fault.on && set?.paymentStatus === status) throw new Error(`process stopped before the order recorded paymentStatus ${status}`);
              return target.findOneAndUpdate(...args);
            };
          }
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  });
}
