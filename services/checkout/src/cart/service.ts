import { CART_MAX_LINES, CheckoutErrorCodes, COLLECT_ONLY_MESSAGE, ErrorCodes, PRESCRIPTION_REFUSALS, UNAVAILABLE_MESSAGES, type Cart, type CartCapped, type CartItemInput, type CartLine, type SafetyProfile } from '@pharmacy/contracts';
import { HttpError, notFound, unprocessable } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountClient } from '../clients/account';
import { CatalogUnavailableError, type CatalogClient, type QuoteLine } from '../clients/catalog';
import type { SupplyLimits } from '../limits/service';
import { coverageOf, refusalError, type Coverage, type PrescriptionDoc, type PrescriptionSupply } from '../prescriptions/supply';
import { ageBlock, capFor, collectOnly, isGone, lineProblem, warningMessages } from '../safety';
import type { CartEntry, CartStore } from './store';

/** A cart line as priced here: integer cents, which the response serializer (routes.ts) turns into decimals once. */
export type PricedLine = Omit<CartLine, 'price' | 'lineTotal'> & { unitPriceCents: number; lineTotalCents: number };
/** The cart as priced here, in cents; its delivery totals are added per request, for the method the shopper looks at. */
export type PricedCart = Omit<Cart, 'totals' | 'items' | 'totalAmount'> & { items: PricedLine[]; totalCents: number };

export interface CartResult {
  cart: PricedCart;
  /** What a shopper should be told (caps, skipped products), if anything. */
  message?: string;
  /** Add and update: the quantity asked for did not fit and was lowered (the message says it in words). */
  capped?: CartCapped;
}

type Quotes = Map<string, QuoteLine>;
/** Quotes made for one shopper's profile (null: a visitor, or the account service did not answer). */
interface Quoted {
  quotes: Quotes;
  profile: SafetyProfile | null;
}

/** A cart read while the catalog is down: told apart from an empty or broken cart, and kept as it is. */
export const PRICES_UNAVAILABLE_MESSAGE =
  'The product catalogue is temporarily unavailable, so prices and stock cannot be shown. Your cart is saved; please try again in a moment.';

/** The stored lines as they are, unpriced: a shopper still sees what they keep and can remove lines. */
function unpriced(userId: string | null, entries: CartEntry[]): PricedCart {
  return {
    userId: userId ?? '',
    items: entries.map((entry) => ({
      productId: entry.productId, title: 'Product details temporarily unavailable', image: '', brand: '', quantity: entry.quantity,
      unitPriceCents: 0, lineTotalCents: 0, maxQuantity: entry.quantity, available: false, problem: 'Price and stock cannot be checked right now.', warnings: [],
      safety: [], pharmacyOnly: false,
    })),
    itemCount: entries.reduce((n, e) => n + e.quantity, 0),
    totalCents: 0,
    canCheckout: false,
    hasWarnings: false,
    needsConsultation: false,
    pricesUnavailable: true,
  };
}

const outOfStock = (title: string) => new HttpError(409, CheckoutErrorCodes.OUT_OF_STOCK, `${title} is out of stock.`);

/** Sums duplicates so one product is one line. */
function combine(items: CartItemInput[]): CartEntry[] {
  const byId = new Map<string, number>();
  for (const i of items) byId.set(i.productId, (byId.get(i.productId) ?? 0) + i.quantity);
  return [...byId].map(([productId, quantity]) => ({ productId, quantity }));
}

export function createCartService(deps: {
  carts: CartStore;
  catalog: CatalogClient;
  account: AccountClient;
  prescriptions: Pick<PrescriptionSupply, 'of' | 'today'>;
  supplyLimits: Pick<SupplyLimits, 'checkCart'>;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { carts, catalog, account } = deps;

  /**
   * What covers each prescription medicine among these quotes for this shopper (one read of their prescriptions);
   * a visitor's cart holds none (docs/domain.md#ordering-against-a-prescription).
   */
  async function coverageFor(userId: string | null, quotes: Iterable<QuoteLine>): Promise<(productId: string) => Coverage> {
    const needed = [...quotes].some((q) => q.requiresPrescription);
    const held: PrescriptionDoc[] = userId && needed ? await deps.prescriptions.of(userId) : [];
    const today = deps.prescriptions.today();
    return (productId) => (userId ? coverageOf(held, productId, today) : { refusal: 'PRESCRIPTION_NEEDED' });
  }
  /** The most a prescription medicine's line may hold: what its prescription has left (no limit for other lines). */
  const leftOn = (q: QuoteLine, cover: (productId: string) => Coverage): number | undefined => {
    if (!q.requiresPrescription) return undefined;
    const c = cover(q.productId);
    return 'from' in c ? c.from.quantityLeft : undefined;
  };

  /**
   * The catalog's quotes for these entries, with the shopper's safety answer when there is a profile. A change quotes
   * the cart once and prices its answer from the same quotes (`known`); only a product they miss (another tab added
   * it meanwhile) sends a new quote.
   */
  async function quoteMap(entries: CartEntry[], profile: SafetyProfile | null, known?: Quotes): Promise<Quotes> {
    if (entries.length === 0) return new Map();
    if (known && entries.every((e) => known.has(e.productId))) return known;
    const quote = await catalog.quote(entries.map((e) => ({ productId: e.productId, quantity: e.quantity })), profile);
    return new Map(quote.items.map((l) => [l.productId, l]));
  }

  /**
   * A cart never blocks on the account service: without a profile it shows no warnings or age blocks, and the order
   * checks again (it needs the profile). `unavailable` tells a failure apart from a visitor.
   */
  async function profileOf(userId: string | null): Promise<{ profile: SafetyProfile | null; unavailable: boolean }> {
    if (!userId) return { profile: null, unavailable: false };
    try {
      return { profile: await account.safetyProfile(userId), unavailable: false };
    } catch (err) {
      deps.log.warn({ err }, 'safety profile unavailable for the cart');
      return { profile: null, unavailable: true };
    }
  }

  /** The priced view of some cart entries; lowers quantities that no longer fit (reported in `notices`). */
  async function price(userId: string | null, entries: CartEntry[], known?: Quoted): Promise<{ cart: PricedCart; lowered: CartEntry[]; notices: string[] }> {
    let quotes: Quotes;
    try {
      // The profile goes into the quote: the catalog's one safety answer is what the cart shows.
      const profile = known ? known.profile : (await profileOf(userId)).profile;
      quotes = await quoteMap(entries, profile, known?.quotes);
    } catch (err) {
      // Reading a cart must not fail with the catalog: adding, changing and ordering still need it and say so.
      if (!(err instanceof CatalogUnavailableError)) throw err;
      deps.log.warn({ lines: entries.length }, 'catalog unavailable: cart shown without prices');
      return { cart: unpriced(userId, entries), lowered: [], notices: [PRICES_UNAVAILABLE_MESSAGE] };
    }
    const cover = await coverageFor(userId, quotes.values());
    const lowered: CartEntry[] = [];
    const notices: string[] = [];
    const items: PricedLine[] = entries.map((entry) => {
      const q = quotes.get(entry.productId);
      if (!q) {
        return {
          productId: entry.productId, title: 'Product no longer available', image: '', brand: '', quantity: entry.quantity,
          unitPriceCents: 0, lineTotalCents: 0, maxQuantity: 0, available: false, problem: 'This product is no longer sold.', warnings: [],
          safety: [], pharmacyOnly: false,
        };
      }
      const covered = q.requiresPrescription ? cover(q.productId) : undefined;
      const cap = capFor(q, covered && 'from' in covered ? covered.from.quantityLeft : undefined);
      let quantity = entry.quantity;
      let notice: string | undefined;
      let capped: CartCapped | undefined;
      if (cap.max > 0 && quantity > cap.max) {
        notice = cap.reasonFor(quantity);
        capped = cap.cappedAt(quantity);
        quantity = cap.max;
        lowered.push({ productId: entry.productId, quantity });
        if (notice) notices.push(`${q.title}: ${notice}`);
      }
      const available = !isGone(q) && q.totalStock > 0;
      const refused = covered && 'refusal' in covered ? covered.refusal : undefined;
      const blocked = lineProblem(q) ?? (refused ? { message: PRESCRIPTION_REFUSALS[refused], block: 'PRESCRIPTION_REQUIRED' as const } : undefined);
      const problem = blocked?.message ?? (available ? undefined : 'Out of stock.');
      return {
        productId: q.productId, title: q.title, image: q.image ?? '', brand: q.brand ?? '', quantity,
        unitPriceCents: q.unitPriceCents, lineTotalCents: q.unitPriceCents * quantity,
        maxQuantity: cap.max, available, ...(problem ? { problem } : {}), ...(blocked?.block ? { problemCode: blocked.block } : {}),
        ...(notice ? { notice } : {}),
        ...(capped ? { capped } : {}),
        warnings: warningMessages(q),
        safety: q.warnings ?? [],
        pharmacyOnly: q.pharmacyOnly === true,
        ...(covered && 'from' in covered ? { prescription: covered.from } : {}),
        ...(refused ? { prescriptionRefusal: refused } : {}),
      };
    });
    const orderable = items.filter((i) => !i.problem);
    const handedOver = entries.some((e) => {
      const q = quotes.get(e.productId);
      return !!q && !isGone(q) && collectOnly(q);
    });
    const totalCents = orderable.reduce((sum, i) => sum + i.lineTotalCents, 0);
    return {
      cart: {
        userId: userId ?? '',
        items,
        itemCount: items.reduce((n, i) => n + i.quantity, 0),
        totalCents,
        canCheckout: items.length > 0 && orderable.length === items.length,
        hasWarnings: items.some((i) => i.warnings.length > 0),
        needsConsultation: items.some((i) => i.pharmacyOnly),
        ...(handedOver ? { collectOnly: COLLECT_ONLY_MESSAGE } : {}),
      },
      lowered,
      notices,
    };
  }

  async function view(userId: string, messages: string[] = [], known?: Quoted): Promise<CartResult> {
    const entries = await carts.items(userId);
    const priced = await price(userId, entries, known);
    if (priced.lowered.length > 0) {
      // Stock went down since the shopper added these: keep the stored cart honest too.
      const lower = new Map(priced.lowered.map((l) => [l.productId, l.quantity]));
      await carts.mutate(userId, (items) => items.map((i) => (lower.has(i.productId) ? { ...i, quantity: Math.min(i.quantity, lower.get(i.productId)!) } : i)));
    }
    const all = [...messages, ...priced.notices.filter((n) => !messages.some((m) => m.includes(n)))];
    return { cart: priced.cart, ...(all.length ? { message: all.join(' ') } : {}) };
  }

  /**
   * Quotes the user's cart with `productId` in it (one call to the catalog for the whole change, with the shopper's
   * profile) and checks that product may go into a cart; returns its quote and all of them, which price the answer.
   * Nothing is written before this passes, so a refused change leaves the cart as it was.
   */
  async function orderable(
    userId: string,
    productId: string,
    quantity: number,
  ): Promise<{ q: QuoteLine; known: Quoted; others: CartEntry[]; prescriptionLeft?: number }> {
    const entries = (await carts.items(userId)).filter((e) => e.productId !== productId);
    const { profile, unavailable } = await profileOf(userId);
    const quotes = await quoteMap([...entries, { productId, quantity }], profile);
    const q = quotes.get(productId);
    if (!q || isGone(q)) throw notFound('This product does not exist or is no longer sold.');
    if (q.totalStock <= 0) throw outOfStock(q.title);
    const age = ageBlock(q);
    if (age) throw unprocessable(age.message, CheckoutErrorCodes.AGE_RESTRICTED);
    // Without the profile the age cannot be checked: an age-restricted product waits rather than slipping in.
    if (unavailable && q.minAge > 0) throw new HttpError(503, ErrorCodes.UNAVAILABLE, UNAVAILABLE_MESSAGES.account);
    if (!q.requiresPrescription) return { q, known: { quotes, profile }, others: entries };
    const covered = (await coverageFor(userId, [q]))(productId);
    if ('refusal' in covered) throw refusalError(covered.refusal, q.title);
    return { q, known: { quotes, profile }, others: entries, prescriptionLeft: covered.from.quantityLeft };
  }

  /**
   * The whole cart as it would be with this line at `quantity`, against the supply limits and the shopper's windows
   * (422 SUPPLY_LIMIT), from the quotes the change already made (docs/domain.md#supply-limits).
   */
  async function withinSupplyLimits(userId: string, q: QuoteLine, quantity: number, others: CartEntry[], quotes: Quotes): Promise<void> {
    const lines = others.flatMap((e) => {
      const other = quotes.get(e.productId);
      return other ? [{ ...other, quantity: e.quantity }] : [];
    });
    await deps.supplyLimits.checkCart(userId, [...lines, { ...q, quantity }]);
  }

  return {
    view,
    /** A visitor's browser cart, priced and capped (no user, so no safety warnings). */
    async quote(items: CartItemInput[]): Promise<CartResult> {
      const priced = await price(null, combine(items));
      return { cart: priced.cart, ...(priced.notices.length ? { message: priced.notices.join(' ') } : {}) };
    },

    /** `capped.requested` is the line's quantity with this addition, before the cap. */
    async add(userId: string, productId: string, quantity: number): Promise<CartResult> {
      const { q, known, others, prescriptionLeft } = await orderable(userId, productId, quantity);
      const cap = capFor(q, prescriptionLeft);
      const had = (await carts.items(userId)).find((i) => i.productId === productId)?.quantity ?? 0;
      await withinSupplyLimits(userId, q, Math.min(had + quantity, cap.max), others, known.quotes);
      let wanted = quantity;
      await carts.mutate(userId, (items) => {
        const line = items.find((i) => i.productId === productId);
        if (!line && items.length >= CART_MAX_LINES) throw unprocessable(`A cart holds at most ${CART_MAX_LINES} different products.`);
        wanted = (line?.quantity ?? 0) + quantity;
        const next = Math.min(wanted, cap.max);
        if (line) line.quantity = next;
        else items.push({ productId, quantity: next });
        return items;
      });
      const notice = cap.reasonFor(wanted);
      const capped = cap.cappedAt(wanted);
      const result = await view(userId, [notice ? `${q.title}: ${notice}` : `${q.title} was added to your cart.`], known);
      return { ...result, ...(capped ? { capped } : {}) };
    },

    async update(userId: string, productId: string, quantity: number): Promise<CartResult> {
      if (!(await carts.items(userId)).some((i) => i.productId === productId)) throw notFound('That product is not in your cart.');
      const { q, known, others, prescriptionLeft } = await orderable(userId, productId, quantity);
      const cap = capFor(q, prescriptionLeft);
      await withinSupplyLimits(userId, q, Math.min(quantity, cap.max), others, known.quotes);
      const notice = cap.reasonFor(quantity);
      const capped = cap.cappedAt(quantity);
      await carts.mutate(userId, (items) => {
        const line = items.find((i) => i.productId === productId);
        if (!line) throw notFound('That product is not in your cart.');
        line.quantity = Math.min(quantity, cap.max);
        return items;
      });
      const result = await view(userId, notice ? [`${q.title}: ${notice}`] : [], known);
      return { ...result, ...(capped ? { capped } : {}) };
    },

    async remove(userId: string, productId: string): Promise<CartResult> {
      let found = false;
      await carts.mutate(userId, (items) => {
        found = items.some((i) => i.productId === productId);
        return items.filter((i) => i.productId !== productId);
      });
      if (!found) throw notFound('That product is not in your cart.');
      return view(userId, ['The product was removed from your cart.']);
    },

    async clear(userId: string): Promise<CartResult> {
      await carts.clear(userId);
      return view(userId, ['Your cart is empty.']);
    },

    /**
     * Sign-in: the visitor's browser cart is added to the server cart, then capped; unknown products are skipped.
     * A line the shopper is too young for (or has no date of birth for) is kept, marked with the same problem as
     * everywhere, and blocks checkout until removed: the shopper sees why rather than losing it silently.
     * A merge sent again with the same `mergeId` adds nothing.
     */
    async merge(userId: string, items: CartItemInput[], mergeId?: string): Promise<CartResult> {
      const incoming = combine(items);
      const current = await carts.items(userId);
      const { profile } = await profileOf(userId);
      const quotes = await quoteMap([...incoming, ...current.filter((c) => !incoming.some((i) => i.productId === c.productId))], profile);
      const cover = await coverageFor(userId, quotes.values());
      const messages: string[] = [];
      let skipped = 0;
      await carts.mutate(userId, (current) => {
        messages.length = 0;
        skipped = 0;
        for (const { productId, quantity } of incoming) {
          const q = quotes.get(productId);
          const prescriptionLeft = q ? leftOn(q, cover) : undefined;
          // A prescription medicine no prescription of theirs covers stays out, counted with the unavailable.
          if (!q || isGone(q) || q.totalStock <= 0 || (q.requiresPrescription && prescriptionLeft === undefined)) {
            skipped++;
            continue;
          }
          const cap = capFor(q, prescriptionLeft);
          const line = current.find((i) => i.productId === productId);
          if (!line && current.length >= CART_MAX_LINES) {
            skipped++;
            continue;
          }
          const wanted = (line?.quantity ?? 0) + quantity;
          const notice = cap.reasonFor(wanted);
          if (notice) messages.push(`${q.title}: ${notice}`);
          if (line) line.quantity = Math.min(wanted, cap.max);
          else current.push({ productId, quantity: Math.min(wanted, cap.max) });
        }
        return current;
      }, mergeId);
      if (skipped > 0) messages.push(`${skipped} item${skipped === 1 ? ' was' : 's were'} no longer available and not added.`);
      return view(userId, messages, { quotes, profile });
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
