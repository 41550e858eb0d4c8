import { Type } from '@sinclair/typebox';
import { CatalogRoutes, Feature, FeatureInput, FeatureParams, Ok, StrictObject } from '@pharmacy/contracts';
import { requireAdmin, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { FeatureService } from './service';

const NoQuery = StrictObject({});

/** Home-page banners: anyone reads them, staff add and remove them. */
export const featureRoutes: FastifyPluginAsyncTypebox<{ banners: FeatureService }> = async (app, { banners }) => {
  app.get(
    CatalogRoutes.features.list.path,
    { config: { publicData: true }, schema: { tags: ['common'], summary: 'Feature banners, oldest first', querystring: NoQuery, response: responses(Ok(Type.Array(Feature))) } },
    async () => ok(await banners.list()),
  );

  app.post(
    CatalogRoutes.features.add.path,
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: 'Add a banner from an uploaded image', querystring: NoQuery, body: FeatureInput, response: responses(Ok(Feature)) },
    },
    async (request) => ok(await banners.add(request.body.image), 'Banner added.'),
  );

  app.delete(
    CatalogRoutes.features.delete.path,
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: 'Remove a banner', params: FeatureParams, querystring: NoQuery, response: responses(Ok(StrictObject({ _id: Type.String() }))) },
    },
    async (request) => {
      await banners.remove(request.params.id);
      return ok({ _id: request.params.id }, 'Banner removed.');
    },
  );
};
