import { randomUUID } from 'node:crypto';
import type { BlobStore, Collection } from '@pharmacy/db';
import {
  decimalToCents,
  hasAtMostTwoDecimals,
  type ProductInput,
  type ProductPatch,
} from '@pharmacy/contracts';
import { badRequest, notFound } from '@pharmacy/service-kit';
import { resolveMediaRef } from '../media/refs';
import type { ProductDoc } from './model';
import type { ProductReadModel } from './readModel';
import type { ReviewDoc } from '../reviews/service';

const clean = (list: string[] | undefined) => [...new Set((list ?? []).map((s) => s.trim()).filter(Boolean))];

function cents(field: string, value: number): number {
  if (!hasAtMostTwoDecimals(value)) throw badRequest(`"${field}" can have at most two decimal places.`);
  return decimalToCents(value);
}

/** Admin writes: validate, write to the store, then update this process's read model. */
export class ProductService {
  constructor(
    private readonly products: Collection<ProductDoc>,
    private readonly reviews: Collection<ReviewDoc>,
    private readonly blobs: BlobStore,
    private readonly readModel: ProductReadModel,
  ) {}

  async create(input: ProductInput): Promise<ProductDoc> {
    const now = new Date();
    const doc: ProductDoc = {
      _id: randomUUID(),
      title: input.title.trim(),
      description: input.description.trim(),
      category: input.category,
      brand: input.brand.trim(),
      priceCents: cents('price', input.price),
      salePriceCents: cents('salePrice', input.salePrice ?? 0),
      totalStock: input.totalStock,
      reviewTotal: 0,
      reviewCount: 0,
      averageReview: 0,
      image: await resolveMediaRef(this.blobs, input.image),
      activeIngredients: clean(input.activeIngredients),
      allergens: clean(input.allergens),
      contraindications: clean(input.contraindications),
      dosageForm: input.dosageForm?.trim() ?? '',
      packSize: input.packSize?.trim() ?? '',
      maxPerOrder: input.maxPerOrder ?? null,
      minAge: input.minAge ?? 0,
      requiresPrescription: input.requiresPrescription ?? false,
      createdAt: now,
      updatedAt: now,
    };
    checkProduct(doc);
    await this.products.insertOne(doc);
    this.readModel.upsert(doc);
    return doc;
  }

  async update(id: string, patch: ProductPatch): Promise<ProductDoc> {
    const current = await this.products.findOne({ _id: id });
    if (!current) throw notFound('That product does not exist (it may have been deleted).');
    const set: Partial<ProductDoc> = { updatedAt: new Date() };
    if (patch.title !== undefined) set.title = patch.title.trim();
    if (patch.description !== undefined) set.description = patch.description.trim();
    if (patch.category !== undefined) set.category = patch.category;
    if (patch.brand !== undefined) set.brand = patch.brand.trim();
    if (patch.price !== undefined) set.priceCents = cents('price', patch.price);
    if (patch.salePrice !== undefined) set.salePriceCents = cents('salePrice', patch.salePrice);
    if (patch.totalStock !== undefined) set.totalStock = patch.totalStock;
    if (patch.image !== undefined) set.image = await resolveMediaRef(this.blobs, patch.image);
    if (patch.activeIngredients !== undefined) set.activeIngredients = clean(patch.activeIngredients);
    if (patch.allergens !== undefined) set.allergens = clean(patch.allergens);
    if (patch.contraindications !== undefined) set.contraindications = clean(patch.contraindications);
    if (patch.dosageForm !== undefined) set.dosageForm = patch.dosageForm.trim();
    if (patch.packSize !== undefined) set.packSize = patch.packSize.trim();
    if (patch.maxPerOrder !== undefined) set.maxPerOrder = patch.maxPerOrder;
    if (patch.minAge !== undefined) set.minAge = patch.minAge;
    if (patch.requiresPrescription !== undefined) set.requiresPrescription = patch.requiresPrescription;
    checkProduct({ ...current, ...set });
    // Only the named fields are written, so concurrent stock reservations and review counters are kept.
    const updated = await this.products.findOneAndUpdate({ _id: id }, { $set: set }, { returnDocument: 'after' });
    if (!updated) throw notFound('That product does not exist (it may have been deleted).');
    this.readModel.upsert(updated);
    return updated;
  }

  async remove(id: string): Promise<void> {
    const { deletedCount } = await this.products.deleteOne({ _id: id });
    if (deletedCount === 0) throw notFound('That product does not exist (it may have been deleted).');
    this.readModel.remove(id);
    await this.reviews.deleteMany({ productId: id });
  }
}

function checkProduct(doc: ProductDoc): void {
  if (!doc.title || doc.title.length < 2) throw badRequest('Please give the product a title.');
  if (!doc.brand) throw badRequest('Please give the product a brand.');
  if (doc.priceCents <= 0) throw badRequest('The price must be more than 0.');
  if (doc.salePriceCents > 0 && doc.salePriceCents >= doc.priceCents) {
    throw badRequest('The sale price must be lower than the price (or 0 for no sale).');
  }
}
