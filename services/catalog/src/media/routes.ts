import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { BlobStore } from '@pharmacy/db';
import { CatalogRoutes, CatalogErrorCodes, MAX_UPLOAD_BYTES, MediaParams, Ok, StrictObject, UploadedImage, mediaUrl } from '@pharmacy/contracts';
import { HttpError, badRequest, notFound, requireStaffFor, sniffImageType, tooLarge, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { SVG_CONTENT_TYPE, SVG_POLICY } from './svg';

const NoQuery = StrictObject({});
const tooBig = () => tooLarge(`The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please upload a smaller one.`);

/** Product image uploads (staff) and media delivery (everyone). */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ blobs: BlobStore }> = async (app, { blobs }) => {
  // Registered inside this encapsulated plugin: no other service's routes get a multipart parser.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    CatalogRoutes.adminProducts.uploadImage.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.uploadImage),
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Upload a product or banner image (PNG, JPEG or WebP, at most 5 MB; multipart field "image")',
        querystring: NoQuery,
        response: responses(Ok(UploadedImage)),
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data.');
      let data: Buffer;
      let filename: string;
      try {
        const file = await request.file();
        if (!file) throw badRequest('No image was sent. Choose a PNG, JPEG or WebP file.');
        filename = file.filename;
        data = await file.toBuffer();
        if (file.file.truncated) throw tooBig();
      } catch (e) {
        if (e instanceof HttpError) throw e;
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooBig();
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('Send one image at a time.');
        throw badRequest('The upload could not be read. Please try again.');
      }
      if (data.length === 0) throw badRequest('The file is empty.');
      const contentType = sniffImageType(data);
      if (!contentType) {
        throw new HttpError(415, CatalogErrorCodes.UNSUPPORTED_MEDIA_TYPE, 'Only PNG, JPEG or WebP images can be uploaded.');
      }
      const name = filename.slice(0, 200);
      const info = await blobs.put(data, { contentType, filename: name });
      const uploaded = { id: info.id, url: mediaUrl(info.id), contentType, size: info.size };
      await request.audit({ action: 'image.upload', entity: { type: 'image', id: info.id, name }, after: { id: info.id, name, contentType, size: info.size } });
      return ok(uploaded);
    },
  );

  app.get(
    CatalogRoutes.media.path,
    {
      schema: {
        tags: ['shop'],
        summary: 'An uploaded image (immutable: cached for a year)',
        params: MediaParams,
        querystring: NoQuery,
        response: responses(Type.Any({ description: 'The image bytes' })),
      },
    },
    async (request, reply) => {
      const blob = await blobs.get(request.params.id);
      if (!blob) throw notFound('That image does not exist.');
      // An SVG opened on its own is a document: it runs nothing (media/svg.ts).
      if (blob.info.contentType === SVG_CONTENT_TYPE) {
        reply.header('content-security-policy', SVG_POLICY).header('x-content-type-options', 'nosniff');
      }
      // Media ids are never reused for other content, so the browser may keep them forever.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', blob.info.size)
        .type(blob.info.contentType)
        .send(blob.stream);
    },
  );
};
