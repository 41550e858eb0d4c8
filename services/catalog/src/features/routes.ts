import { Type } from '@sinclair/typebox';
import { CatalogRoutes, Feature, FeatureInput, FeatureParams, Ok, StrictObject } from '@pharmacy/contracts';
import { ok, requireStaffFor, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { bannerName, toFeature, type FeatureDoc, type FeatureService } from './service';

const NoQuery = StrictObject({});

/** Home-page banners: anyone reads them, staff add and remove them. */
export const featureRoutes: FastifyPluginAsyncTypebox<{ banners: FeatureService }> = async (app, { banners }) => {
  const bannerEntity = (f: FeatureDoc) => ({ type: 'banner', id: f._id, name: bannerName(f) });

  app.get(
    CatalogRoutes.features.list.path,
    { config: { publicData: true }, schema: { tags: ['common'], summary: 'Feature banners, oldest first', querystring: NoQuery, response: responses(Ok(Type.Array(Feature))) } },
    async () => ok(await banners.list()),
  );

  app.post(
    CatalogRoutes.features.add.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.features.add),
      schema: { tags: ['admin'], summary: 'Add a banner from an uploaded image', querystring: NoQuery, body: FeatureInput, response: responses(Ok(Feature)) },
    },
    async (request) => {
      const added = await banners.add(request.body.image);
      const banner = toFeature(added);
      await request.audit({ action: 'banner.add', entity: bannerEntity(added), after: banner });
      return ok(banner, 'Banner added.');
    },
  );

  app.delete(
    CatalogRoutes.features.delete.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.features.delete),
      schema: { tags: ['admin'], summary: 'Remove a banner', params: FeatureParams, querystring: NoQuery, response: responses(Ok(StrictObject({ _id: Type.String() }))) },
    },
    async (request) => {
      const removed = await banners.remove(request.params.id);
      await request.audit({ action: 'banner.delete', entity: bannerEntity(removed), before: toFeature(removed) });
      return ok({ _id: request.params.id }, 'Banner removed.');
    },
  );
};
