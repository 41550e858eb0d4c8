import multipart from '@fastify/multipart';
import {
  CheckoutRoutes,
  EPRESCRIPTION_TOKEN_PATTERN,
  PRESCRIPTION_FILE_MAX_BYTES,
  PRESCRIPTION_LIMITS,
  PrescriptionParams,
  PrescriptionTokenBody,
  ShopperPrescriptionResponse,
  ShopperPrescriptionsResponse,
  StrictObject,
  type MarketCode,
} from '@pharmacy/contracts';
import type { BlobStore } from '@pharmacy/db';
import { DEFAULT_BODY_LIMIT, HttpError, badRequest, conflict, notFound, ok, requireUser, responses, tooLarge, unavailable, unprocessable, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import type { CatalogClient } from '../clients/catalog';
import type { RateLimits } from '../deps';
import type { EPrescriptionProvider } from './eprescriptions/port';
import { FILE_TOO_LARGE, keptFile } from './file';
import { prescriptionProducts } from './products';
import { shopToday } from './standing';
import type { PrescriptionStore } from './store';
import { prescriptionEntity, shopperView } from './views';

/** How many prescriptions one shopper may have waiting for a pharmacist at once (a queue is not a file store). */
export const AWAITING_CHECK_LIMIT = 20;

const NoQuery = StrictObject({});
const UNKNOWN_TOKEN = 'No electronic prescription matches this token; check it and try again.';
const TOKEN_USED = 'This electronic prescription token has already been added. Each token can be used once.';

/** The fields a paper prescription's upload may carry beside its file. */
interface PaperFields {
  productId?: string;
  note?: string;
}

/**
 * The JSON body of an e-prescription, checked here rather than by the route's schema because the same route takes
 * multipart (which has no JSON body to check).
 */
function tokenBody(body: unknown): PrescriptionTokenBody {
  if (!body || typeof body !== 'object' || !('token' in body)) {
    throw badRequest('Send a photo or PDF of your prescription as multipart/form-data (field "file"), or an e-prescription token as JSON {"token"}.');
  }
  if (typeof body.token !== 'string' || !new RegExp(EPRESCRIPTION_TOKEN_PATTERN).test(body.token.trim().toUpperCase())) {
    throw badRequest('An e-prescription token is three groups of six letters or digits, like 9D4C80-A83008-5DC6FA.');
  }
  const cleaned = { ...body, token: body.token.trim().toUpperCase() };
  if (!Value.Check(PrescriptionTokenBody, cleaned)) {
    const first = [...Value.Errors(PrescriptionTokenBody, cleaned)][0];
    throw badRequest(`${first?.path || 'body'} ${first?.message ?? 'is not valid'}.`);
  }
  return cleaned;
}

/** Reads the multipart upload: one file in `file`, optional `productId` and `note`, in any order. */
async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; fields: PaperFields }> {
  let data: Buffer | undefined;
  const fields: PaperFields = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest('Send the prescription in the field "file".');
        data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(FILE_TOO_LARGE);
      } else if (part.fieldname === 'productId' || part.fieldname === 'note') {
        fields[part.fieldname] = String(part.value);
      } else {
        throw badRequest(`Unexpected field "${part.fieldname}": send only file, productId and note.`);
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge(FILE_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Send one prescription file at a time.');
    throw badRequest('The upload could not be read. Please try again.');
  }
  if (!data) throw badRequest('No file was sent. Choose a photo or PDF of your prescription.');
  if (data.length === 0) throw badRequest('The file is empty.');
  if (fields.productId !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(fields.productId)) throw badRequest('productId is not a product id.');
  if (fields.note !== undefined && fields.note.length > PRESCRIPTION_LIMITS.note) throw badRequest(`The note can be at most ${PRESCRIPTION_LIMITS.note} characters.`);
  return { data, fields };
}

/**
 * The shopper's prescriptions (docs/api.md#prescriptions): adding one (a photo or PDF, or an e-prescription token),
 * listing their own, and reading back their own file. Everything is scoped to the signed-in owner: another
 * shopper's prescription is "not found", never "forbidden".
 */
export const shopperPrescriptionRoutes: FastifyPluginAsyncTypebox<{
  prescriptions: PrescriptionStore;
  files: BlobStore;
  catalog: CatalogClient;
  eprescriptions?: EPrescriptionProvider;
  limits: RateLimits;
  market: MarketCode;
  now: () => Date;
}> = async (app, { prescriptions, files, catalog, eprescriptions, limits, market, now }) => {
  // Registered inside this encapsulated plugin: no other checkout route gets a multipart parser.
  await app.register(multipart, { limits: { fileSize: PRESCRIPTION_FILE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const tags = ['prescriptions'];
  const { prescriptions: routes } = CheckoutRoutes;

  async function forProduct(productId: string | undefined) {
    if (!productId) return {};
    const [line] = await prescriptionProducts(catalog, [productId]);
    return { forProduct: { productId, title: line.title } };
  }

  async function roomFor(userId: string) {
    if ((await prescriptions.awaitingCount(userId)) >= AWAITING_CHECK_LIMIT) {
      throw unprocessable(`You have ${AWAITING_CHECK_LIMIT} prescriptions waiting for a pharmacist. Please wait until they are checked before adding more.`);
    }
  }

  async function byToken(userId: string, body: PrescriptionTokenBody) {
    if (!eprescriptions) throw unavailable('Electronic prescriptions cannot be looked up right now. Please add a photo of a paper prescription, or try again later.');
    if (await prescriptions.byToken(body.token)) throw conflict(TOKEN_USED);
    const content = await eprescriptions.lookup(body.token);
    if (!content) throw notFound(UNKNOWN_TOKEN);
    return prescriptions.create({
      userId, source: 'electronic', token: body.token, eprescription: content, ...(await forProduct(body.productId)), ...(body.note ? { note: body.note } : {}),
    });
  }

  async function byFile(userId: string, request: FastifyRequest) {
    const { data, fields } = await readUpload(request);
    const kept = await keptFile(data);
    const product = await forProduct(fields.productId);
    // Nothing is stored before every check passed: a refused upload leaves no file behind.
    const blob = await files.put(kept.data, { contentType: kept.contentType });
    try {
      return await prescriptions.create({
        userId, source: 'paper', file: { blobId: blob.id, contentType: kept.contentType, bytes: blob.size }, ...product, ...(fields.note ? { note: fields.note } : {}),
      });
    } catch (err) {
      await files.delete(blob.id);
      throw err;
    }
  }

  app.post(
    routes.add.path,
    {
      // The caller is checked on arrival, before a byte of a possibly 10 MB body is read.
      onRequest: requireUser,
      config: { rateLimit: limits.prescription },
      bodyLimit: PRESCRIPTION_FILE_MAX_BYTES + 64 * 1024,
      // Only a file may be that large: a token's JSON keeps the shop's usual limit.
      preParsing: async (request) => {
        const multipartBody = String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
        if (!multipartBody && Number(request.headers['content-length'] ?? 0) > DEFAULT_BODY_LIMIT) throw tooLarge('The request is too large.');
      },
      schema: {
        tags,
        summary: 'Add a prescription: multipart with the photo or PDF in "file" (at most 10 MB), or JSON {token} for an e-prescription',
        querystring: NoQuery,
        response: responses(ShopperPrescriptionResponse),
      },
    },
    async (request) => {
      const userId = request.user.sub;
      const token = request.isMultipart() ? null : tokenBody(request.body);
      await roomFor(userId);
      const created = token ? await byToken(userId, token) : await byFile(userId, request);
      return ok(shopperView(created, shopToday(now(), market)), 'Prescription added. A pharmacist will check it; we will email you when they have.');
    },
  );

  app.get(routes.list.path, { preHandler: requireUser, schema: { tags, querystring: NoQuery, response: responses(ShopperPrescriptionsResponse) } }, async (request) => {
    const today = shopToday(now(), market);
    return ok((await prescriptions.listByOwner(request.user.sub)).map((p) => shopperView(p, today)));
  });

  app.get(
    routes.file.path,
    { preHandler: requireUser, schema: { tags, params: PrescriptionParams, querystring: NoQuery, response: responses(Type.Any({ description: 'The file bytes' })) } },
    async (request, reply) => {
      const p = await prescriptions.ownedBy(request.params.id, request.user.sub);
      if (!p?.file) throw notFound('No prescription file with this id.');
      // Every read of a prescription is in the trail, its owner's too (docs/architecture.md#audit-trail): recorded
      // before the bytes go, by the shopper as such (no staff role)
      const owner = request.user.userName ?? 'The shopper';
      await request.audit({
        action: 'prescription.file.read',
        entity: prescriptionEntity(p, owner),
        after: { contentType: p.file.contentType, bytes: p.file.bytes },
        actor: { id: request.user.sub, name: owner, role: 'shopper', roles: [] },
      });
      return sendPrescriptionFile(reply, files, p.file.blobId);
    },
  );
};

/** A prescription file as its reader gets it: never cached, never sniffed into another type, shown inline. */
export async function sendPrescriptionFile(reply: import('fastify').FastifyReply, files: BlobStore, blobId: string) {
  const blob = await files.get(blobId);
  if (!blob) throw notFound('This prescription file is no longer kept.');
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('content-length', blob.info.size)
    .type(blob.info.contentType)
    .send(blob.stream);
}
