import { randomInt } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { EPrescriptionContent, MarketCode } from '@pharmacy/contracts';
import type { DocumentStore } from '@pharmacy/db';
import { HttpError } from '@pharmacy/service-kit';
import type { FastifyReply } from 'fastify';
import type { CatalogClient } from '../../../clients/catalog';
import { shopToday } from '../../standing';
import type { EPrescriptionProvider } from '../port';
import { PrescriberFormBody, chosenProducts, readForm, valuesOf } from './form';
import { COPY_SCRIPT, COPY_SCRIPT_PATH, PRESCRIBER_PATH, issuedPage, prescriberPage, unavailablePage, unreadablePage, type Medicine } from './pages';
import { sandboxEPrescriptions } from './store';

const TOKEN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/**
 * EPRESCRIPTION_TOKEN_PATTERN's three groups of six, each character drawn by the CSPRNG: 36^18 (about 93 bits), so a
 * token can be neither guessed nor walked to from another. A collision would fail the insert, not overwrite.
 */
export function newEPrescriptionToken(): string {
  const group = () => Array.from({ length: 6 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

/** Anyone can reach the page, so issuing is capped per client address (each token is a stored document). */
const ISSUE_LIMIT = { max: 20, timeWindow: '1 minute' };
const FORM_BYTES = 16 * 1024;

export interface SandboxEPrescriptionsDeps {
  store: DocumentStore;
  catalog: Pick<CatalogClient, 'quote' | 'prescriptionOnly'>;
  market: MarketCode;
  now?: () => Date;
}

/**
 * The sandbox e-prescription provider (docs/architecture.md#electronic-prescription-providers): a clearly labelled demo prescriber page
 * issues tokens for prescription-only medicines of this shop's catalogue, and `lookup` reads them back. It is on
 * only where the payment sandbox is (docs/operations.md#electronic-prescriptions).
 */
export function createSandboxEPrescriptions(deps: SandboxEPrescriptionsDeps): EPrescriptionProvider {
  const issued = sandboxEPrescriptions(deps.store);
  const now = deps.now ?? (() => new Date());
  const today = () => shopToday(now(), deps.market);

  const medicines = async (): Promise<Medicine[]> =>
    (await deps.catalog.prescriptionOnly()).sort((a, b) => a.title.localeCompare(b.title, 'en-GB'));

  // `same-origin`, not `no-referrer`: under no-referrer the browser sends its own form POST with `Origin: null`, which
  // the CSRF guard refuses for a signed-in shopper (the page is linked from My prescriptions); other sites still get none.
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'same-origin').send(body);

  /** The catalogue did not answer: said in its own words on a page, never as a JSON error in the prescriber's face. */
  const orUnavailable = async (reply: FastifyReply, work: () => Promise<FastifyReply>) => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 503) return html(reply, 503, unavailablePage(err.message));
      throw err;
    }
  };

  return {
    name: 'sandbox',

    async lookup(token) {
      // Read off a screen and typed on a phone: case and stray spaces are not part of a token.
      const doc = await issued.findOne({ _id: token.trim().toUpperCase() });
      return doc ? doc.content : null;
    },

    async routes(app) {
      // A plain form POST (no script needed): read here only, so no other route of the service takes form bodies.
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BYTES }, (_request, body, done) => {
        const fields: Record<string, string[]> = {};
        for (const [name, value] of new URLSearchParams(body as string)) (fields[name] ??= []).push(value);
        done(null, fields);
      });
      const page = { 200: Type.String(), 201: Type.String(), 400: Type.String(), 422: Type.String(), 503: Type.String() };
      const hide = true;

      app.get(PRESCRIBER_PATH, { schema: { response: page, hide } }, async (_request, reply) =>
        orUnavailable(reply, async () => {
          const values = { patientName: '', dateOfBirth: '', prescriberName: '', registration: '', writtenOn: today(), rows: [] };
          return html(reply, 200, prescriberPage({ values, medicines: await medicines() }));
        }),
      );

      app.post(
        PRESCRIBER_PATH,
        { schema: { body: PrescriberFormBody, response: page, hide }, attachValidation: true, bodyLimit: FORM_BYTES, config: { rateLimit: ISSUE_LIMIT } },
        async (request, reply) => {
          if (request.validationError) return html(reply, 400, unreadablePage());
          const values = valuesOf(request.body);
          return orUnavailable(reply, async () => {
            const ids = chosenProducts(values);
            // The catalogue's word on each chosen medicine now (the quote names unknown ones and says which need a prescription).
            const products = ids.length ? (await deps.catalog.quote(ids.map((productId) => ({ productId, quantity: 1 })))).items : [];
            const read = readForm(values, { today: today(), products });
            if (read.errors) return html(reply, 422, prescriberPage({ values, errors: read.errors, medicines: await medicines() }));
            const content: EPrescriptionContent = { token: newEPrescriptionToken(), provider: 'sandbox', ...read.content };
            await issued.insertOne({ _id: content.token, content, issuedAt: now().toISOString() });
            request.log.info({ items: content.items.length }, 'sandbox e-prescription issued');
            return html(reply, 201, issuedPage(content));
          });
        },
      );

      app.get(COPY_SCRIPT_PATH, { schema: { response: { 200: Type.String() }, hide } }, async (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(COPY_SCRIPT),
      );
    },
  };
}
