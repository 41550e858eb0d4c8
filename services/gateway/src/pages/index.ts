import type { App } from '@pharmacy/service-kit';

export { pageRenderer } from './render';

/** An app's server build (dist/server/ssr.js) sits in the folder the browser build is served from: it is never served. */
const SERVER_BUILD_URL = /^\/(?:mfe\/[^?#]+\/)?server\/[^/?#]+(?:[?#].*)?$/;

export function hideServerBuilds(app: App): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SERVER_BUILD_URL.test(request.url) && /\.js(?:\.br|\.gz)?(?:[?#]|$)/.test(request.url)) {
      await reply.code(404).send({ success: false, message: 'Not found', code: 'NOT_FOUND' });
    }
  });
}
