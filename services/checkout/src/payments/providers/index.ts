import type { PaymentProviderName } from '@pharmacy/contracts';
import type { PaymentProviderEntry } from '../entry';
import { paypal } from './paypal';
import { sandbox } from './sandbox';

/**
 * One entry per name in contracts' PAYMENT_PROVIDERS: the type makes a name without an entry (or an entry without a
 * name) a compile error (docs/architecture.md#adding-a-payment-provider).
 */
export const PAYMENT_PROVIDER_ENTRIES: { readonly [N in PaymentProviderName]: PaymentProviderEntry<N> } = { sandbox, paypal };
