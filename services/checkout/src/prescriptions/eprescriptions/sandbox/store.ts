import type { Collection, DocumentStore } from '@pharmacy/db';
import type { EPrescriptionContent } from '@pharmacy/contracts';

/** One prescription the demo prescriber issued, keyed by its token (a lookup is one read by _id). */
export interface SandboxEPrescriptionDoc {
  _id: string;
  content: EPrescriptionContent;
  issuedAt: string;
  [key: string]: unknown;
}

/** The demo prescriber's prescriptions, in checkout's own store so an issued token survives a restart. */
export const sandboxEPrescriptions = (store: DocumentStore): Collection<SandboxEPrescriptionDoc> =>
  store.collection<SandboxEPrescriptionDoc>('sandbox_eprescriptions');
