import { randomUUID } from 'node:crypto';
import type { Doc } from '@pharmacy/db';
import type { AppliedAdjustment } from '../stock/adjustments';
import { openingBatch, type BatchDoc, type TakeProof } from '../stock/batches';
import { centsToDecimal, effectiveMaxPerOrder, type Product, type ProductSummary } from '@pharmacy/contracts';

/** One staff edit: enough to tell a later, stale save which fields it would have overwritten. */
export interface ProductEdit {
  version: number;
  /** API field names (price, not priceCents). */
  fields: string[];
  by: string;
  at: Date;
}

/** How many recent edits a product keeps; a save older than all of them is told "and earlier changes". */
export const PRODUCT_EDITS_KEPT = 20;

/** A product as stored: money in integer cents, review totals kept so the average is always derivable. */
export interface ProductDoc extends Doc {
  _id: string;
  title: string;
  description: string;
  category: string;
  brand: string;
  priceCents: number;
  /** 0 when not on sale. */
  salePriceCents: number;
  /**
   * Available to order: the sellable batches' remaining units, always written in the same update as `batches`
   * (docs/domain.md#batches).
   */
  totalStock: number;
  /** Every lot received (missing only on products stored before batches, until the migration gives them one). */
  batches?: BatchDoc[];
  /** Raised by every batch move: the condition of the next one, so concurrent moves retry instead of overwriting. */
  stockRevision?: number;
  /** The latest reservations' takes, batch by batch, written by the update that took them (see recoverPending). */
  takes?: TakeProof[];
  /** Raised by every staff edit, in the same atomic update; stock moves leave it alone. */
  version: number;
  /** The last PRODUCT_EDITS_KEPT edits, oldest first. */
  edits: ProductEdit[];
  /** Stock adjustments made so far, counted in the adjustment's own update (orders the stock history). */
  adjustments?: number;
  /** The latest adjustments that moved this stock, written by the same update: proof for a history line a crash left pending. */
  appliedAdjustments?: AppliedAdjustment[];
  /**
   * The latest reservations that took units of this product, written by the same update that took them: proof for a
   * reserve a crash interrupted before it recorded the take on the reservation (docs/operations.md#data-on-disk).
   * Written before batches; takes now carry their batches in `takes`.
   */
  takenFor?: string[];
  /** Sum of all ratings: incremented together with reviewCount in one atomic update. */
  reviewTotal: number;
  reviewCount: number;
  /** Denormalised for readers of the raw collection; the API derives it from reviewTotal/reviewCount. */
  averageReview: number;
  image: string;
  activeIngredients: string[];
  allergens: string[];
  contraindications: string[];
  dosageForm: string;
  packSize: string;
  maxPerOrder: number | null;
  minAge: number;
  requiresPrescription: boolean;
  /** Pharmacy medicine: consultation questions at checkout and a pharmacist's review of the order (false on products stored before it existed, set at start). */
  pharmacyOnly: boolean;
  /** A controlled drug, or one kept in the fridge: its orders are click and collect only (missing reads as false). */
  controlled?: boolean;
  refrigerated?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const PRODUCTS = 'products';

/** What a new product is given; the rest starts where every product starts (no reviews, version 1, no limits). */
type NewProductFields = Pick<
  ProductDoc,
  'title' | 'description' | 'category' | 'brand' | 'priceCents' | 'salePriceCents' | 'totalStock' | 'image' | 'activeIngredients' | 'dosageForm' | 'packSize'
> &
  Partial<Pick<ProductDoc, OptionalOnCreate>>;
type OptionalOnCreate = 'allergens' | 'contraindications' | 'maxPerOrder' | 'minAge' | 'requiresPrescription' | 'pharmacyOnly' | 'controlled' | 'refrigerated';

/** A product as it is first stored, by staff's form or the seed; `ratings` carry the seed's demo reviews. */
export function newProductDoc(fields: NewProductFields, createdAt: Date, ratings = { reviewTotal: 0, reviewCount: 0 }): ProductDoc {
  const { reviewTotal, reviewCount } = ratings;
  return {
    ...fields,
    _id: randomUUID(),
    reviewTotal,
    reviewCount,
    averageReview: reviewCount ? Math.round((reviewTotal / reviewCount) * 10) / 10 : 0,
    allergens: fields.allergens ?? [],
    contraindications: fields.contraindications ?? [],
    maxPerOrder: fields.maxPerOrder ?? null,
    minAge: fields.minAge ?? 0,
    requiresPrescription: fields.requiresPrescription ?? false,
    pharmacyOnly: fields.pharmacyOnly ?? false,
    controlled: fields.controlled ?? false,
    refrigerated: fields.refrigerated ?? false,
    batches: fields.totalStock > 0 ? [openingBatch(fields.totalStock, createdAt)] : [],
    stockRevision: 0,
    version: 1,
    edits: [],
    createdAt,
    updatedAt: createdAt,
  };
}

/** A product as the read model hands it out: the stored document without its edit and stock-move bookkeeping. */
export type CatalogProduct = Pick<
  ProductDoc,
  | '_id' | 'title' | 'description' | 'category' | 'brand' | 'priceCents' | 'salePriceCents' | 'totalStock' | 'version'
  | 'reviewTotal' | 'reviewCount' | 'averageReview' | 'image' | 'activeIngredients' | 'allergens' | 'contraindications'
  | 'dosageForm' | 'packSize' | 'maxPerOrder' | 'minAge' | 'requiresPrescription' | 'pharmacyOnly' | 'controlled' | 'refrigerated'
  | 'createdAt' | 'updatedAt'
>;

export const effectivePriceCents = (p: Pick<ProductDoc, 'priceCents' | 'salePriceCents'>): number =>
  p.salePriceCents > 0 ? p.salePriceCents : p.priceCents;

export const averageOf = (total: number, count: number): number => (count > 0 ? Math.round((total / count) * 10) / 10 : 0);

const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The product's rules on who may have it and how it is kept, as the API and a quote both give them. */
const whoMayHaveIt = (p: Pick<ProductDoc, 'minAge' | 'requiresPrescription' | 'pharmacyOnly' | 'controlled' | 'refrigerated'>) => ({
  minAge: p.minAge,
  requiresPrescription: p.requiresPrescription,
  pharmacyOnly: p.pharmacyOnly,
  controlled: p.controlled === true,
  refrigerated: p.refrigerated === true,
});

/** The public shape (decimals, derived average); built explicitly so no stored-only field can leak. */
export function toApiProduct(p: ProductDoc): Product {
  return {
    _id: p._id,
    title: p.title,
    description: p.description,
    category: p.category,
    brand: p.brand,
    price: centsToDecimal(p.priceCents),
    salePrice: centsToDecimal(p.salePriceCents),
    totalStock: p.totalStock,
    averageReview: averageOf(p.reviewTotal, p.reviewCount),
    reviewCount: p.reviewCount,
    image: p.image,
    activeIngredients: p.activeIngredients,
    allergens: p.allergens,
    contraindications: p.contraindications,
    dosageForm: p.dosageForm,
    packSize: p.packSize,
    maxPerOrder: p.maxPerOrder,
    ...whoMayHaveIt(p),
    version: p.version,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

export function toSummary(p: CatalogProduct): ProductSummary {
  return {
    productId: p._id,
    title: p.title,
    image: p.image,
    brand: p.brand,
    unitPriceCents: effectivePriceCents(p),
    totalStock: p.totalStock,
    // Checkout caps carts and orders by this, so it carries the default cap for a product without its own.
    maxPerOrder: effectiveMaxPerOrder(p.maxPerOrder),
    ...whoMayHaveIt(p),
    allergens: p.allergens,
    contraindications: p.contraindications,
    activeIngredients: p.activeIngredients,
  };
}
