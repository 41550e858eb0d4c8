import type { EPrescriptionContent, Prescriber, PrescriptionDecision, PrescriptionFileType, PrescriptionItem, PrescriptionSource, PrescriptionStatus } from '@pharmacy/contracts';
import { isDuplicateKeyError, type BlobStore, type Collection, type DocumentStore } from '@pharmacy/db';
import { conflict } from '@pharmacy/service-kit';
import { randomUUID } from 'node:crypto';

/**
 * A prescription as checkout keeps it (docs/domain.md#prescriptions). The file is in the private
 * `prescription-files` bucket, never the public media store; `items` stay [] until a pharmacist verifies it, and
 * then only the supply module moves `quantityLeft` (one conditional $inc each time).
 */
export interface PrescriptionDoc {
  _id: string;
  userId: string;
  source: PrescriptionSource;
  status: PrescriptionStatus;
  createdAt: string;
  updatedAt: string;
  forProduct?: { productId: string; title: string };
  file?: { blobId: string; contentType: PrescriptionFileType; bytes: number };
  token?: string;
  eprescription?: EPrescriptionContent;
  repeatOf?: string;
  note?: string;
  items: PrescriptionItem[];
  prescriber?: Prescriber;
  writtenOn?: string;
  expiresOn?: string;
  decision?: PrescriptionDecision;
  pharmacistNote?: string;
  /** The decision's mail to the shopper is owed until the account service took it (the sweep retries). */
  mailDue?: boolean;
  /**
   * Repeats asked for (./repeat.ts): the request's id and the items it repeats, recorded in the update that counts
   * them, so a request a stop left unwritten is written by the next ask.
   */
  repeatRequests?: Array<{ id: string; itemIds: string[] }>;
  /** The repeat requests rejected and given back to this one (./repeat.ts): each is given back once. */
  repeatsGivenBack?: string[];
  /**
   * `<orderId>:<itemId>` of every order holding quantity of this prescription (./supply.ts). Written in the same
   * update as the quantity it holds, so a reservation or a return repeated after a crash finds itself done.
   */
  reservations?: string[];
  [key: string]: unknown;
}

export type NewPrescription = Pick<PrescriptionDoc, 'userId' | 'source'> &
  Partial<Pick<PrescriptionDoc, 'forProduct' | 'file' | 'token' | 'eprescription' | 'repeatOf' | 'note'>>;

/** What a verification writes, beside the status. */
export type Verification = Pick<PrescriptionDoc, 'items' | 'prescriber' | 'writtenOn' | 'expiresOn' | 'decision'> & { pharmacistNote?: string };

export const PRESCRIPTIONS_COLLECTION = 'prescriptions';
/** The private blob bucket of paper prescriptions' files: never the public `media` one. */
export const PRESCRIPTION_FILES_BUCKET = 'prescription-files';

/**
 * The one place the `prescriptions` collection is opened, with its indexes: the store below (intake, decisions) and
 * the supply, repeat and reminder modules (quantity, repeats, reminders) all work on what this returns.
 */
export async function prescriptionsCollection(store: DocumentStore): Promise<Collection<PrescriptionDoc>> {
  const prescriptions = store.collection<PrescriptionDoc>(PRESCRIPTIONS_COLLECTION);
  // My prescriptions (newest first) and the pharmacist's queue (oldest first) are each read through their own index.
  await prescriptions.createIndex({ userId: 1, createdAt: -1 });
  await prescriptions.createIndex({ status: 1, createdAt: 1 });
  // Every cart answer holding a prescription medicine reads the shopper's prescriptions.
  await prescriptions.createIndex({ userId: 1 });
  // One prescription per e-prescription token: a token cannot be used twice, by the same shopper or another.
  await prescriptions.createIndex({ token: 1 }, { unique: true, sparse: true });
  return prescriptions;
}

export async function createPrescriptionStore(store: DocumentStore, now: () => Date) {
  const prescriptions = await prescriptionsCollection(store);

  const awaiting = { status: 'awaiting_check' };

  return {
    collection: prescriptions,

    async create(fields: NewPrescription): Promise<PrescriptionDoc> {
      const at = now().toISOString();
      const doc: PrescriptionDoc = { _id: randomUUID(), ...fields, status: 'awaiting_check', createdAt: at, updatedAt: at, items: [] };
      try {
        await prescriptions.insertOne(doc);
      } catch (err) {
        if (isDuplicateKeyError(err)) throw conflict('This electronic prescription token has already been added. Each token can be used once.');
        throw err;
      }
      return doc;
    },

    get: (id: string) => prescriptions.findOne({ _id: id }),
    /** The owner's prescription, or null for anybody else's (a shopper cannot tell another's from none). */
    ownedBy: (id: string, userId: string) => prescriptions.findOne({ _id: id, userId }),
    listByOwner: (userId: string) => prescriptions.find({ userId }, { sort: { createdAt: -1, _id: 1 } }),
    byToken: (token: string) => prescriptions.findOne({ token }),
    awaitingCount: (userId: string) => prescriptions.countDocuments({ userId, ...awaiting }),

    /** A page of one status, oldest first (the pharmacist checks in the order they came). */
    async queue(status: PrescriptionStatus, page: number, limit: number) {
      const filter = { status };
      const [docs, total] = await Promise.all([
        prescriptions.find(filter, { sort: { createdAt: 1, _id: 1 }, skip: (page - 1) * limit, limit }),
        prescriptions.countDocuments(filter),
      ]);
      return { docs, total };
    },

    /** Verifies it if it is still awaiting its check, in one conditional write; null when another decision came first. */
    verify(id: string, v: Verification): Promise<PrescriptionDoc | null> {
      const set = { ...v, status: 'verified', updatedAt: now().toISOString(), mailDue: true };
      return prescriptions.findOneAndUpdate({ _id: id, ...awaiting }, { $set: set }, { returnDocument: 'after' });
    },

    /** Rejects it if it is still awaiting its check; null when another decision came first. */
    reject(id: string, reason: string, decision: PrescriptionDecision): Promise<PrescriptionDoc | null> {
      const set = { status: 'rejected', pharmacistNote: reason, decision, updatedAt: now().toISOString(), mailDue: true };
      return prescriptions.findOneAndUpdate({ _id: id, ...awaiting }, { $set: set }, { returnDocument: 'after' });
    },

    /**
     * A deleted account's prescriptions (docs/domain.md#deleted-accounts): those never verified (waiting or rejected,
     * nothing was ever supplied against them) go with their files; verified ones stay as the pharmacy's record of
     * what it checked, their mail no longer owed. Returns how many went.
     */
    async eraseUser(userId: string, files: BlobStore): Promise<number> {
      const unused = await prescriptions.find({ userId, status: { $ne: 'verified' } });
      for (const p of unused) if (p.file) await files.delete(p.file.blobId);
      const { deletedCount } = await prescriptions.deleteMany({ userId, status: { $ne: 'verified' } });
      await prescriptions.updateMany({ userId, mailDue: true }, { $unset: { mailDue: '' } });
      return deletedCount;
    },

    mailSent: (id: string) => prescriptions.updateOne({ _id: id }, { $unset: { mailDue: '' } }),
    mailsOwed: () => prescriptions.find({ mailDue: true }, { limit: 200 }),
  };
}
export type PrescriptionStore = Awaited<ReturnType<typeof createPrescriptionStore>>;
