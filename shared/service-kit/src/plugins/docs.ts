import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';

/** OpenAPI document generated from the routes' TypeBox schemas, browsable at /api/docs. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Pharmacy & Care API', version: '1.0.0', description: 'Shop, account, checkout and admin calls.' },
        components: { securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: 'pharmacy_at' } } },
      },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'pharmacy-docs' },
);
