/**
 * /api/docs (the OpenAPI document of every route and its UI) maps the whole API for whoever asks: on while the shop
 * is developed, off in production unless API_DOCS turns it on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@pharmacy/service-kit';
import { buildGateway } from '../src';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.test', PAYMENT_PROVIDER: 'sandbox' };

/** What an embedded gateway on this environment answers at the docs' UI and at the document itself. */
async function docsAnswers(env: Record<string, string>): Promise<{ ui: number; document: number; paths: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-docs-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, CATALOG_SEED: 'false', ...env }), logLevel: 'silent' };
  const app = await buildGateway({ mode: 'embedded', config });
  try {
    const ui = await app.inject('/api/docs');
    const document = await app.inject('/api/docs/json');
    const paths = document.statusCode === 200 ? Object.keys(document.json().paths) : [];
    return { ui: ui.statusCode, document: document.statusCode, paths };
  } finally {
    await app.close();
  }
}

describe('/api/docs', () => {
  it('is not there in production', async () => {
    expect(await docsAnswers(PRODUCTION)).toEqual({ ui: 404, document: 404, paths: [] });
  }, 60_000);

  it('is served in production when API_DOCS=true, documenting the public routes only', async () => {
    const answers = await docsAnswers({ ...PRODUCTION, API_DOCS: 'true' });
    expect([answers.ui, answers.document]).toEqual([200, 200]);
    expect(answers.paths).toEqual(expect.arrayContaining(['/api/auth/login', '/api/shop/products/get']));
    expect(answers.paths.filter((p) => p.startsWith('/internal/'))).toEqual([]);
  }, 60_000);

  it('is served in development, and off there with API_DOCS=false', async () => {
    expect((await docsAnswers({ NODE_ENV: 'development' })).ui).toBe(200);
    expect(await docsAnswers({ NODE_ENV: 'development', API_DOCS: 'false' })).toEqual({ ui: 404, document: 404, paths: [] });
  }, 60_000);
});
