import { Type } from '@sinclair/typebox';
import {
  CatalogRoutes,
  AdminProductQuery,
  DEFAULT_SORT,
  Ok,
  Product,
  ProductFacets,
  ProductFacetsQuery,
  ProductIdParams,
  ProductInput,
  ProductListQuery,
  ProductListResponse,
  ProductPatch,
  SORT_OPTIONS,
  SearchParams,
  SearchQuery,
  SearchResponse,
  StrictObject,
  isSortBy,
} from '@pharmacy/contracts';
import { badRequest, changedBy, notFound, ok, okList, requireStaffFor, responses, sendCached, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { Collection } from '@pharmacy/db';
import { adminProductPage } from './admin-list';
import { toApiProduct, type ProductDoc } from './model';
import type { ProductReadModel } from './readModel';
import type { ProductService } from './service';

const NoQuery = StrictObject({});

/** "a, B,,a" -> ["a", "b"]: a filter value is only ever a set member, never part of a query. */
function parseList(value: string | undefined, field: string): string[] {
  if (!value) return [];
  const values = [...new Set(value.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean))].sort();
  if (values.length > 50) throw badRequest(`Too many values in "${field}" (at most 50).`);
  return values;
}

export const productRoutes: FastifyPluginAsyncTypebox<{ readModel: ProductReadModel; products: Collection<ProductDoc>; service: ProductService }> = async (
  app,
  { readModel, products, service },
) => {
  app.get(
    CatalogRoutes.products.list.path,
    {
      config: { publicData: true },
      schema: {
        tags: ['shop'],
        summary: 'Product listing: category and brand filters (comma-joined), sortBy, page and limit',
        querystring: ProductListQuery,
        response: responses(ProductListResponse),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const sortBy = q.sortBy ?? DEFAULT_SORT;
      if (!isSortBy(sortBy)) {
        throw badRequest(`Unknown sortBy "${sortBy.slice(0, 40)}". Use one of: ${SORT_OPTIONS.map((s) => s.id).join(', ')}.`);
      }
      // The read model keeps the page until the next write; the response serializer writes it once per page.
      const found = readModel.list({
        categories: parseList(q.category, 'category'),
        brands: parseList(q.brand, 'brand'),
        sortBy,
        page: q.page,
        limit: q.limit,
      });
      return sendCached(reply, found, () => okList(found.items, { total: found.total, page: q.page, limit: q.limit }));
    },
  );

  app.get(
    CatalogRoutes.products.facets.path,
    {
      config: { publicData: true },
      schema: {
        tags: ['shop'],
        summary: 'Categories and brands with product counts under the other chosen filters, and the total the chosen filters match',
        querystring: ProductFacetsQuery,
        response: responses(Ok(ProductFacets)),
      },
    },
    async (request, reply) => {
      const found = readModel.facets({ categories: parseList(request.query.category, 'category'), brands: parseList(request.query.brand, 'brand') });
      return sendCached(reply, found, () => ok(found));
    },
  );

  app.get(
    CatalogRoutes.products.get.path,
    { config: { publicData: true }, schema: { tags: ['shop'], summary: 'One product', params: ProductIdParams, querystring: NoQuery, response: responses(Ok(Product)) } },
    async (request) => {
      const product = readModel.getApi(request.params.id);
      if (!product) throw notFound('That product does not exist (it may have been removed).');
      return ok(product);
    },
  );

  app.get(
    CatalogRoutes.products.search.path,
    {
      config: { publicData: true },
      schema: {
        tags: ['shop'],
        summary: 'Ranked, prefix and typo-tolerant search over title, brand, category, description and ingredients',
        params: SearchParams,
        querystring: SearchQuery,
        response: responses(SearchResponse),
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const found = readModel.search(request.params.keyword, page, limit);
      return sendCached(reply, found, () => okList(found.items, { total: found.total, page, limit, terms: found.terms }));
    },
  );

  /* ---- staff: each write is recorded in the audit trail once it took effect (docs/api.md#audited-staff-actions) ---- */

  const productEntity = (p: ProductDoc) => ({ type: 'product', id: p._id, name: p.title });

  app.get(
    CatalogRoutes.adminProducts.list.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.list),
      schema: {
        tags: ['admin'],
        summary: 'All products for staff: search, pagination, lowStock=true for the restock list',
        querystring: AdminProductQuery,
        response: responses(ProductListResponse),
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await adminProductPage(products, request.query);
      return okList(items, { total, page, limit });
    },
  );

  app.post(
    CatalogRoutes.adminProducts.add.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.add),
      schema: { tags: ['admin'], summary: 'Add a product', querystring: NoQuery, body: ProductInput, response: responses(Ok(Product)) },
    },
    async (request) => {
      const product = await service.create(request.body, changedBy(request));
      const added = toApiProduct(product);
      await request.audit({ action: 'product.add', entity: productEntity(product), after: added });
      return ok(added, 'Product added.');
    },
  );

  app.put(
    CatalogRoutes.adminProducts.edit.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.edit),
      schema: {
        tags: ['admin'],
        summary:
          'Edit a product: any subset of fields and the version the form loaded (409 if someone else changed it since); ' +
          'the product as read may be sent back whole: its server fields are ignored while they match, refused when changed',
        params: ProductIdParams,
        querystring: NoQuery,
        body: ProductPatch,
        response: responses(Ok(Product)),
      },
    },
    async (request) => {
      const { product, before, after } = await service.update(request.params.id, request.body, changedBy(request));
      // A form saved without a change wrote nothing, so there is nothing to record.
      if (Object.keys(after).length > 0) await request.audit({ action: 'product.edit', entity: productEntity(product), before, after });
      return ok(toApiProduct(product), 'Product updated.');
    },
  );

  app.delete(
    CatalogRoutes.adminProducts.delete.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.delete),
      schema: { tags: ['admin'], summary: 'Delete a product', params: ProductIdParams, querystring: NoQuery, response: responses(Ok(StrictObject({ _id: Type.String() }))) },
    },
    async (request) => {
      const removed = await service.remove(request.params.id);
      await request.audit({ action: 'product.delete', entity: productEntity(removed), before: toApiProduct(removed) });
      return ok({ _id: request.params.id }, 'Product deleted.');
    },
  );
};
