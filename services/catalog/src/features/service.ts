import { randomUUID } from 'node:crypto';
import type { BlobStore, Collection, Doc } from '@pharmacy/db';
import type { Feature } from '@pharmacy/contracts';
import { notFound } from '@pharmacy/service-kit';
import { resolveMedia } from '../media/refs';

export interface FeatureDoc extends Doc {
  _id: string;
  image: string;
  /** The name the image was uploaded under: what staff read for this banner (missing on older banners). */
  imageName?: string;
  createdAt: Date;
}
export const FEATURES = 'features';

export const toFeature = (f: FeatureDoc): Feature => ({ _id: f._id, image: f.image, createdAt: f.createdAt.toISOString() });

export interface FeatureServiceDeps {
  features: Collection<FeatureDoc>;
  blobs: BlobStore;
}

export type FeatureService = ReturnType<typeof createFeatureService>;

/** What staff read for a banner in the audit trail: its image's name, or its image's address for a banner older than names. */
export const bannerName = (f: Pick<FeatureDoc, 'image' | 'imageName'>) => `Banner ${f.imageName || f.image}`;

/** Home-page banners: an image each, shown oldest first. */
export function createFeatureService({ features, blobs }: FeatureServiceDeps) {
  return {
    async list(): Promise<Feature[]> {
      return (await features.find({}, { sort: { createdAt: 1 } })).map(toFeature);
    },

    /** `image` is an uploaded image's reference; one that is not stored here is refused. */
    async add(image: string): Promise<FeatureDoc> {
      const media = await resolveMedia(blobs, image);
      const doc: FeatureDoc = { _id: randomUUID(), image: media.url, ...(media.filename ? { imageName: media.filename } : {}), createdAt: new Date() };
      await features.insertOne(doc);
      return doc;
    },

    /** Returns the banner removed (a banner is never edited, so the one read is the one deleted). */
    async remove(id: string): Promise<FeatureDoc> {
      const banner = await features.findOne({ _id: id });
      const { deletedCount } = banner ? await features.deleteOne({ _id: id }) : { deletedCount: 0 };
      if (!banner || deletedCount === 0) throw notFound('That banner does not exist.');
      return banner;
    },
  };
}
