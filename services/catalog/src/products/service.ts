import type { BlobStore } from '@pharmacy/db';
import {
  CatalogErrorCodes,
  PRODUCT_FIELD_LABELS,
  PRODUCT_SERVER_FIELDS,
  decimalToCents,
  hasAtMostTwoDecimals,
  type ProductInput,
  type ProductPatch,
} from '@pharmacy/contracts';
import { HttpError, badRequest, conflict, notFound, type ChangedBy } from '@pharmacy/service-kit';
import { resolveMediaRef } from '../media/refs';
import { newProductDoc, PRODUCT_EDITS_KEPT, toApiProduct, type ProductDoc } from './model';
import type { ProductReadModel } from './readModel';
import type { CatalogCollections } from '../store';
import type { StockAdjustments } from '../stock/adjustments';

const clean = (list: string[] | undefined) => [...new Set((list ?? []).map((s) => s.trim()).filter(Boolean))];

function cents(field: string, value: number): number {
  if (!hasAtMostTwoDecimals(value)) throw badRequest(`"${field}" can have at most two decimal places.`);
  return decimalToCents(value);
}

export interface ProductServiceDeps {
  db: Pick<CatalogCollections, 'products' | 'reviews'>;
  blobs: BlobStore;
  readModel: ProductReadModel;
  adjustments: StockAdjustments;
}

export type ProductService = ReturnType<typeof createProductService>;

/** A saved edit: the product after it, and the fields it changed as the API names them, before and after (none: nothing changed). */
export interface ProductEdited {
  product: ProductDoc;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** How many times a delete is tried again when an edit lands between its read and its write. */
const DELETE_ATTEMPTS = 5;

/** Admin writes: validate, write to the store, then update this process's read model. */
export function createProductService({ db, blobs, readModel, adjustments }: ProductServiceDeps) {
  async function create(input: ProductInput, by: ChangedBy): Promise<ProductDoc> {
    const doc = newProductDoc(
      {
        title: input.title.trim(),
        description: input.description.trim(),
        category: input.category,
        brand: input.brand.trim(),
        priceCents: cents('price', input.price),
        salePriceCents: cents('salePrice', input.salePrice ?? 0),
        totalStock: input.totalStock,
        image: await resolveMediaRef(blobs, input.image),
        activeIngredients: clean(input.activeIngredients),
        allergens: clean(input.allergens),
        contraindications: clean(input.contraindications),
        dosageForm: input.dosageForm?.trim() ?? '',
        packSize: input.packSize?.trim() ?? '',
        maxPerOrder: input.maxPerOrder,
        minAge: input.minAge,
        requiresPrescription: input.requiresPrescription,
        pharmacyOnly: input.pharmacyOnly,
        controlled: input.controlled,
        refrigerated: input.refrigerated,
      },
      new Date(),
    );
    checkProduct(doc);
    // Inserted together with its first stock history line (the initial stock), crash-safe.
    const stored = await adjustments.insertWithInitialStock(doc, by);
    readModel.upsert(stored);
    return stored;
  }

  /**
   * Applies an edit made on `patch.version`. Only fields whose value changes are written, in one update
   * conditioned on that version, so a form opened before someone else's edit can never overwrite it; stock is
   * not a form field, so shoppers' reservations meanwhile never make a save stale. The product as the API gave
   * it may come back whole: its server fields must still hold the stored values, and are not written.
   */
  async function update(id: string, patch: ProductPatch, by: ChangedBy): Promise<ProductEdited> {
    const { version, ...sent } = patch;
    const fields = Object.fromEntries(
      Object.entries(sent).filter(([key]) => !(PRODUCT_SERVER_FIELDS as string[]).includes(key)),
    ) as Omit<ProductPatch, 'version' | (typeof PRODUCT_SERVER_FIELDS)[number]>;
    if (Object.keys(fields).length === 0) throw badRequest('Nothing to change: send at least one product field.');
    const current = await db.products.findOne({ _id: id });
    if (!current) throw notFound('That product does not exist (it may have been deleted).');
    if (current.version !== version) throw staleEdit(current, version);
    refuseChangedServerFields(current, sent);

    const wanted: Partial<ProductDoc> = {};
    if (fields.title !== undefined) wanted.title = fields.title.trim();
    if (fields.description !== undefined) wanted.description = fields.description.trim();
    if (fields.category !== undefined) wanted.category = fields.category;
    if (fields.brand !== undefined) wanted.brand = fields.brand.trim();
    if (fields.price !== undefined) wanted.priceCents = cents('price', fields.price);
    if (fields.salePrice !== undefined) wanted.salePriceCents = cents('salePrice', fields.salePrice);
    // The image the product already shows needs no new look-up (a form sending the product back whole).
    if (fields.image !== undefined && fields.image !== current.image) wanted.image = await resolveMediaRef(blobs, fields.image);
    if (fields.activeIngredients !== undefined) wanted.activeIngredients = clean(fields.activeIngredients);
    if (fields.allergens !== undefined) wanted.allergens = clean(fields.allergens);
    if (fields.contraindications !== undefined) wanted.contraindications = clean(fields.contraindications);
    if (fields.dosageForm !== undefined) wanted.dosageForm = fields.dosageForm.trim();
    if (fields.packSize !== undefined) wanted.packSize = fields.packSize.trim();
    if (fields.maxPerOrder !== undefined) wanted.maxPerOrder = fields.maxPerOrder;
    if (fields.minAge !== undefined) wanted.minAge = fields.minAge;
    if (fields.requiresPrescription !== undefined) wanted.requiresPrescription = fields.requiresPrescription;
    if (fields.pharmacyOnly !== undefined) wanted.pharmacyOnly = fields.pharmacyOnly;
    if (fields.controlled !== undefined) wanted.controlled = fields.controlled;
    if (fields.refrigerated !== undefined) wanted.refrigerated = fields.refrigerated;

    // A form sends every field; only the ones that differ count as changed (and raise the version).
    const set: Partial<ProductDoc> = {};
    for (const [key, value] of Object.entries(wanted) as Array<[keyof ProductDoc, unknown]>) {
      if (JSON.stringify(current[key]) !== JSON.stringify(value)) Object.assign(set, { [key]: value });
    }
    const changed = Object.keys(set).map(apiField);
    if (changed.length === 0) return { product: current, before: {}, after: {} };
    checkProduct({ ...current, ...set });

    const edit = { version: version + 1, fields: changed, by: by.id, at: new Date() };
    const updated = await db.products.findOneAndUpdate(
      { _id: id, version },
      { $set: { ...set, updatedAt: edit.at }, $inc: { version: 1 }, $push: { edits: { $each: [edit], $slice: -PRODUCT_EDITS_KEPT } } },
      { returnDocument: 'after' },
    );
    if (!updated) {
      // Someone saved between our read and our write (or deleted the product).
      const now = await db.products.findOne({ _id: id });
      if (!now) throw notFound('That product does not exist (it may have been deleted).');
      throw staleEdit(now, version);
    }
    readModel.upsert(updated);
    const [was, now] = [toApiProduct(current), toApiProduct(updated)] as Array<Record<string, unknown>>;
    return { product: updated, before: pick(was, changed), after: pick(now, changed) };
  }

  /** Deletes the product as it was read (an edit in between is deleted with it, read again); returns what was deleted. */
  async function remove(id: string): Promise<ProductDoc> {
    for (let attempt = 0; attempt < DELETE_ATTEMPTS; attempt++) {
      const current = await db.products.findOne({ _id: id });
      if (!current) throw notFound('That product does not exist (it may have been deleted).');
      const { deletedCount } = await db.products.deleteOne({ _id: id, version: current.version });
      if (deletedCount === 0) continue;
      readModel.remove(id);
      await db.reviews.deleteMany({ productId: id });
      return current;
    }
    throw conflict('This product is being edited right now. Please try again in a moment.');
  }

  return { create, update, remove };
}

const pick = (from: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, from[k]]));

const API_FIELD: Partial<Record<keyof ProductDoc, string>> = { priceCents: 'price', salePriceCents: 'salePrice' };
const apiField = (key: string): string => API_FIELD[key as keyof ProductDoc] ?? key;

/** 409 naming what changed since `version`, from the edits the product keeps. */
function staleEdit(current: ProductDoc, version: number): HttpError {
  const edits = current.edits ?? [];
  const since = edits.filter((e) => e.version > version);
  const fields = [...new Set(since.flatMap((e) => e.fields))].map((f) => PRODUCT_FIELD_LABELS[f] ?? f);
  // Older edits than the ones kept (or a product edited before edits were kept) are only known to exist.
  const olderUnknown = since.length < current.version - version;
  const what = fields.length === 0 ? '' : `: ${fields.join(', ')}${olderUnknown ? ' and earlier changes' : ''}`;
  return new HttpError(
    409,
    CatalogErrorCodes.PRODUCT_CHANGED,
    version > current.version
      ? 'This form was based on a version of the product that does not exist. Reload to see the latest.'
      : `This product was changed by someone else since you opened it${what}. Reload to see the latest.`,
  );
}

/**
 * A server field sent back with the stored value is the product as read, and is let through; one with another
 * value is an attempt to change what only the shop sets (or a copy read before stock moved), refused naming it.
 */
function refuseChangedServerFields(current: ProductDoc, sent: Omit<ProductPatch, 'version'>): void {
  const stored = toApiProduct(current) as Record<string, unknown>;
  const changed = PRODUCT_SERVER_FIELDS.filter(
    (key) => key in sent && JSON.stringify((sent as Record<string, unknown>)[key]) !== JSON.stringify(stored[key]),
  );
  if (changed.length === 0) return;
  if ((changed as string[]).includes('totalStock')) {
    throw new HttpError(
      400,
      CatalogErrorCodes.STOCK_NOT_EDITABLE,
      'Stock cannot be changed by editing the product. Use a stock adjustment (received, damaged, count correction or returned) instead.',
    );
  }
  const one = changed.length === 1;
  const named = changed.map((key) => `"${key}" (it is ${JSON.stringify(stored[key])})`).join(', ');
  throw new HttpError(
    400,
    CatalogErrorCodes.READ_ONLY_FIELD,
    `${one ? 'This field is' : 'These fields are'} set by the shop and cannot be edited: ${named}. ` +
      `Leave ${one ? 'it' : 'them'} out, or send back the ${one ? 'value' : 'values'} the product has.`,
  );
}

function checkProduct(doc: ProductDoc): void {
  if (!doc.title || doc.title.length < 2) throw badRequest('Please give the product a title.');
  if (!doc.brand) throw badRequest('Please give the product a brand.');
  if (doc.priceCents <= 0) throw badRequest('The price must be more than 0.');
  if (doc.salePriceCents > 0 && doc.salePriceCents >= doc.priceCents) {
    throw badRequest('The sale price must be lower than the price (or 0 for no sale).');
  }
  // Two legal categories that exclude each other: a prescription medicine is never sold after a consultation alone.
  if (doc.requiresPrescription && doc.pharmacyOnly) {
    throw badRequest('A product is either prescription-only or pharmacy-only, not both. Untick one of them.');
  }
}
