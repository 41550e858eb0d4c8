import { ErrorCodes, isTestPayment } from '@pharmacy/contracts';
import { HttpError } from '@pharmacy/service-kit';
import type { EPrescriptionProvider } from './port';
import { createSandboxEPrescriptions, type SandboxEPrescriptionsDeps } from './sandbox';

/** What an e-prescription provider is built with. */
export type EPrescriptionDeps = SandboxEPrescriptionsDeps;

export const EPRESCRIPTIONS_NOT_OFFERED =
  'This pharmacy cannot look up electronic prescriptions online yet. Upload a photo or scan of your paper prescription instead.';

/**
 * No electronic prescription service: what a shop with real payments has until a real provider joins this registry.
 * A token is answered in words (422), never as "not found" nor "try again".
 */
export const noEPrescriptions: EPrescriptionProvider = {
  name: 'none',
  async lookup() {
    throw new HttpError(422, ErrorCodes.BUSINESS_RULE, EPRESCRIPTIONS_NOT_OFFERED);
  },
};

/** Every provider by name, each with how it is built. */
const EPRESCRIPTION_PROVIDERS = {
  sandbox: (deps: EPrescriptionDeps) => createSandboxEPrescriptions(deps),
  none: () => noEPrescriptions,
} as const satisfies Record<string, (deps: EPrescriptionDeps) => EPrescriptionProvider>;
export type EPrescriptionProviderName = keyof typeof EPRESCRIPTION_PROVIDERS;

/**
 * Which provider reads e-prescription tokens (docs/operations.md#electronic-prescriptions). The sandbox runs exactly
 * where the payment sandbox takes the payments (PAYMENT_PROVIDER, by its own rules): a shop that takes real money
 * must never serve a page where anyone writes themselves a prescription. Elsewhere, none.
 */
export function chooseEPrescriptionProvider(paymentProvider: string): EPrescriptionProviderName {
  return isTestPayment(paymentProvider) ? 'sandbox' : 'none';
}

export function ePrescriptionProviderFor(name: EPrescriptionProviderName, deps: EPrescriptionDeps): EPrescriptionProvider {
  return EPRESCRIPTION_PROVIDERS[name](deps);
}
