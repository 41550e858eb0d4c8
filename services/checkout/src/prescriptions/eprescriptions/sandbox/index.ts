export { createSandboxEPrescriptions, newEPrescriptionToken, type SandboxEPrescriptionsDeps } from './provider';
export { PRESCRIBER_PATH, SANDBOX_NOTICE } from './pages';
