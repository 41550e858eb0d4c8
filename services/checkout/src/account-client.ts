// Moved to clients/account.ts; kept only for orders/**, which the order-steps work is rewriting (then deleted).
export * from './clients/account';
