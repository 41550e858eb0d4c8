export * from './port';
export { PaymentConfigError, returnParamsFrom, type PaymentProviderEntry, type PaymentSettings, type ProviderDeps, type ReturnParams, type SettingsVerdict } from './entry';
export { choosePaymentProvider, paymentProviderFor, returnParamsFor, type PaymentChoice, type PaymentRegistry } from './registry';
export { PAYMENT_PROVIDER_ENTRIES } from './providers';
export { createSandboxProvider } from './providers/sandbox';
export { createPayPalProvider, PAYPAL_SANDBOX_API_BASE, type PayPalOptions } from './providers/paypal';
export { providerReturnUrls } from './return-urls';
