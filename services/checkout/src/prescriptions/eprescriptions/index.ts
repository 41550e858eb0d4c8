export type { EPrescriptionProvider } from './port';
export { chooseEPrescriptionProvider, ePrescriptionProviderFor, noEPrescriptions, EPRESCRIPTIONS_NOT_OFFERED, type EPrescriptionDeps, type EPrescriptionProviderName } from './registry';
export { createSandboxEPrescriptions, newEPrescriptionToken, PRESCRIBER_PATH, SANDBOX_NOTICE } from './sandbox';
