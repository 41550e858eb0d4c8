import { randomUUID } from 'node:crypto';
import type { BlobStore, Collection, Doc } from '@pharmacy/db';
import type { Feature } from '@pharmacy/contracts';
import { notFound } from '@pharmacy/service-kit';
import { resolveMediaRef } from '../media/refs';

export interface FeatureDoc extends Doc {
  _id: string;
  image: string;
  createdAt: Date;
}
export const FEATURES = 'features';

const toFeature = (f: FeatureDoc): Feature => ({ _id: f._id, image: f.image, createdAt: f.createdAt.toISOString() });

export interface FeatureServiceDeps {
  features: Collection<FeatureDoc>;
  blobs: BlobStore;
}

export type FeatureService = ReturnType<typeof createFeatureService>;

/** Home-page banners: an image each, shown oldest first. */
export function createFeatureService({ features, blobs }: FeatureServiceDeps) {
  return {
    async list(): Promise<Feature[]> {
      return (await features.find({}, { sort: { createdAt: 1 } })).map(toFeature);
    },

    /** `image` is an uploaded image's reference; one that is not stored here is refused. */
    async add(image: string): Promise<Feature> {
      const doc: FeatureDoc = { _id: randomUUID(), image: await resolveMediaRef(blobs, image), createdAt: new Date() };
      await features.insertOne(doc);
      return toFeature(doc);
    },

    async remove(id: string): Promise<void> {
      const { deletedCount } = await features.deleteOne({ _id: id });
      if (deletedCount === 0) throw notFound('That banner does not exist.');
    },
  };
}
