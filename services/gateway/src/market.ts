import { MARKET_PATH, MarketResponse, NoQuery, type Market } from '@pharmacy/contracts';
import { ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';

/**
 * The configured market (MARKET), answered by the gateway itself in both modes: every page needs it (the server
 * render inlines it, a page the browser renders asks for it once), so it must not depend on a service being up.
 */
export const marketRoutes: FastifyPluginAsyncTypebox<{ market: Market }> = async (app, { market }) => {
  app.get(
    MARKET_PATH,
    { config: { publicData: true }, schema: { tags: ['common'], summary: 'The market: currency, tax, address and phone rules, delivery, pharmacies, registration', querystring: NoQuery, response: responses(MarketResponse) } },
    async () => ok(market),
  );
};

/** Said at every start in production while the market still carries its example registration details and addresses. */
export const DEMO_MARKET_WARNING =
  'the market carries demo registration details and pharmacy addresses (shared/contracts/src/market): put the pharmacy\'s own there before real customers use the shop';
