import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { BlobStore, Collection, Doc } from '@pharmacy/db';
import { CatalogRoutes, Feature, FeatureInput, FeatureParams, Ok, StrictObject } from '@pharmacy/contracts';
import { notFound, requireAdmin, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { resolveMediaRef } from '../media/refs';

export interface FeatureDoc extends Doc {
  _id: string;
  image: string;
  createdAt: Date;
}
export const FEATURES = 'features';

const NoQuery = StrictObject({});
const toFeature = (f: FeatureDoc): Feature => ({ _id: f._id, image: f.image, createdAt: f.createdAt.toISOString() });

/** Home-page banners: anyone reads them, staff add and remove them. */
export const featureRoutes: FastifyPluginAsyncTypebox<{ features: Collection<FeatureDoc>; blobs: BlobStore }> = async (
  app,
  { features, blobs },
) => {
  app.get(
    CatalogRoutes.features.list.path,
    { config: { publicData: true }, schema: { tags: ['common'], summary: 'Feature banners, oldest first', querystring: NoQuery, response: responses(Ok(Type.Array(Feature))) } },
    async () => ok((await features.find({}, { sort: { createdAt: 1 } })).map(toFeature)),
  );

  app.post(
    CatalogRoutes.features.add.path,
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: 'Add a banner from an uploaded image', querystring: NoQuery, body: FeatureInput, response: responses(Ok(Feature)) },
    },
    async (request) => {
      const doc: FeatureDoc = { _id: randomUUID(), image: await resolveMediaRef(blobs, request.body.image), createdAt: new Date() };
      await features.insertOne(doc);
      return ok(toFeature(doc), 'Banner added.');
    },
  );

  app.delete(
    CatalogRoutes.features.delete.path,
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: 'Remove a banner', params: FeatureParams, querystring: NoQuery, response: responses(Ok(StrictObject({ _id: Type.String() }))) },
    },
    async (request) => {
      const { deletedCount } = await features.deleteOne({ _id: request.params.id });
      if (deletedCount === 0) throw notFound('That banner does not exist.');
      return ok({ _id: request.params.id }, 'Banner removed.');
    },
  );
};
