import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@pharmacy/contracts';
import { PaymentConfigError, type PaymentProviderEntry, type PaymentSettings, type ProviderDeps, type ReturnParams } from './entry';
import type { PaymentProvider } from './port';
import { PAYMENT_PROVIDER_ENTRIES } from './providers';

/** Every provider by name; a test passes its own to prove the shape (a name not yet in contracts' list). */
export type PaymentRegistry<Name extends string = PaymentProviderName> = { readonly [N in Name]: PaymentProviderEntry<N> };

export interface PaymentChoice<Name extends string = PaymentProviderName> {
  name: Name;
  /** Said at every start: a provider that moves no money must never pass unnoticed in production. */
  warning?: string;
}

const entriesOf = <Name extends string>(registry: PaymentRegistry<Name>, order: readonly Name[]) => order.map((name) => registry[name]);

/**
 * Which provider takes the payments. PAYMENT_PROVIDER chooses by name (its settings must be complete). Unset, the one
 * real provider whose settings are complete; none, the test provider, except in production: there it would hand out
 * free orders (any shopper approves their own payment), so it runs only when chosen by name. Half-set settings of any
 * provider stop the start unless another was chosen by name.
 */
export function choosePaymentProvider<Name extends string = PaymentProviderName>(
  settings: PaymentSettings,
  opts: { production: boolean },
  registry: PaymentRegistry<Name> = PAYMENT_PROVIDER_ENTRIES as unknown as PaymentRegistry<Name>,
  order: readonly Name[] = PAYMENT_PROVIDERS as unknown as readonly Name[],
): PaymentChoice<Name> {
  const chosen = settings.paymentProvider as Name | undefined;
  if (chosen) {
    const entry = registry[chosen];
    const verdict = entry.settings(settings);
    if (verdict.state === 'incomplete') throw new PaymentConfigError(verdict.message);
    if (verdict.state === 'absent') throw new PaymentConfigError(`PAYMENT_PROVIDER=${chosen} needs ${entry.needs}.`);
    return opts.production && entry.testPayments ? { name: chosen, warning: entry.testPayments.productionWarning } : { name: chosen };
  }
  const entries = entriesOf(registry, order);
  const real = entries.filter((e) => !e.testPayments);
  for (const entry of real) {
    const verdict = entry.settings(settings);
    if (verdict.state === 'incomplete') throw new PaymentConfigError(verdict.message);
  }
  const configured = real.filter((e) => e.settings(settings).state === 'complete');
  if (configured.length > 1) {
    throw new PaymentConfigError(`${configured.map((e) => e.name).join(' and ')} are all configured: set PAYMENT_PROVIDER to the one that takes the payments.`);
  }
  if (configured.length === 1) return { name: configured[0].name };
  const test = entries.find((e) => e.testPayments);
  if (opts.production || !test) {
    const setup = real.map((e) => `${e.needs}${e.productionHint ? ` ${e.productionHint}` : ''}`).join(', or ');
    throw new PaymentConfigError(
      `No payment provider is configured${opts.production ? ' for production' : ''}. Set ${setup}` +
        (test ? `, or set PAYMENT_PROVIDER=${test.name} to run with test payments on purpose.` : '.'),
    );
  }
  return { name: test.name };
}

/** Builds the provider chosen by choosePaymentProvider. */
export function paymentProviderFor<Name extends string = PaymentProviderName>(
  settings: PaymentSettings,
  choice: PaymentChoice<Name>,
  deps: ProviderDeps,
  registry: PaymentRegistry<Name> = PAYMENT_PROVIDER_ENTRIES as unknown as PaymentRegistry<Name>,
): PaymentProvider<Name> {
  return registry[choice.name].create(settings, deps);
}

/** The provider's return query in our words (its entry reads it), or null when it is not a valid return. */
export function returnParamsFor<Name extends string = PaymentProviderName>(
  name: Name,
  query: Readonly<Record<string, string | undefined>>,
  registry: PaymentRegistry<Name> = PAYMENT_PROVIDER_ENTRIES as unknown as PaymentRegistry<Name>,
): ReturnParams | null {
  return registry[name].returnParams(query);
}
