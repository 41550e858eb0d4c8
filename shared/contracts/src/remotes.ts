/**
 * The typed contract of every remote's exposed modules (docs/architecture.md#frontend-and-federation: dts is off; the remote's module
 * `satisfies` the type here and the host's `loadRemote<T>` uses it, so tsc checks both sides).
 * Every exposed module has a default export that is a React component; pages take no props (they read
 * the URL with react-router hooks), widgets take the props named here.
 * Types are structural React component types so that this package does not depend on React.
 */
import type { Product, ProductSafety } from './catalog';

export type RemoteComponent<P = Record<string, never>> = (props: P) => unknown;
export type ExposedModule<P = Record<string, never>> = { default: RemoteComponent<P> };

/** Remote names as federated (JS identifiers) and the folder the gateway serves each from. */
export const REMOTES = {
  catalog: { folder: 'catalog' },
  cartCheckout: { folder: 'cart-checkout' },
  account: { folder: 'account' },
  admin: { folder: 'admin' },
} as const;
export type RemoteName = keyof typeof REMOTES;
/** Remotes with a widget in the host's header (search box, cart badge): needed on every page, so preloaded. */
export const HEADER_REMOTES: readonly RemoteName[] = ['catalog', 'cartCheckout'];

export interface CatalogExposes {
  './ProductListing': ExposedModule; // /pharmacy/products (also the search results view with ?q=)
  './ProductDetails': ExposedModule; // /pharmacy/product/:productId
  './SearchBox': ExposedModule<{ onNavigate?: () => void }>; // header widget
  './FeatureCarousel': ExposedModule; // home page widget
  './FeaturedProducts': ExposedModule; // home page widget
}

export interface CartCheckoutExposes {
  './CartPage': ExposedModule; // /cart
  './AddressPage': ExposedModule; // /address
  './CheckoutPage': ExposedModule; // /secure/checkout
  './PaymentReturnPage': ExposedModule; // /secure/checkout/return
  './PaymentCancelPage': ExposedModule; // /secure/checkout/cancel
  './CartBadge': ExposedModule; // header widget: item count, links to /cart
  './AddToCart': ExposedModule<AddToCartProps>; // product page and listing cards: quantity, caps, add
}

/** What the Add-to-cart widget reads of a product (a catalog Product fits): stock, limits and safety fields. */
export type AddToCartProduct = Pick<
  Product,
  '_id' | 'title' | 'totalStock' | 'maxPerOrder' | 'requiresPrescription' | 'allergens' | 'contraindications' | 'activeIngredients' | 'minAge'
>;
export interface AddToCartProps {
  product: AddToCartProduct;
  /** `full` (product page): quantity picker and the reason for its limit; `compact` (a card): one button adding one. */
  variant?: 'full' | 'compact';
  /**
   * The catalog's safety answer for this shopper (POST /api/shop/safety/check), which the page already asked for all
   * its products at once: `blocked` disables the button and says why. Left out while unknown (the server still refuses).
   */
  safety?: ProductSafety | null;
}

/**
 * Marks the module the host answers in place of a remote it could not load (its "temporarily unavailable" page): a
 * remote loading another's widget shows its own fallback instead.
 */
export const FAILED_REMOTE = Symbol.for('pharmacy.failedRemote');

/**
 * The name of the page's federation host. A remote that shows another remote's widget loads it through the host's
 * federation instance, which registered every remote from /remotes.json (each remote's own instance knows none).
 */
export const FEDERATION_HOST = 'host';

/**
 * The account remote's dialog that asks for the date of birth where an age check needs it (the Add-to-cart widget,
 * a cart line) and saves it to the profile. It is open while it is mounted.
 */
export interface DateOfBirthDialogProps {
  /** The product waiting for the age check, named in the dialog. */
  productTitle?: string;
  /** The date of birth is in the profile now (YYYY-MM-DD): the caller carries on with what it was doing. */
  onSaved: (dob: string) => void;
  /** Closed without saving. */
  onCancel: () => void;
}

export interface AccountExposes {
  './SignUpPage': ExposedModule;
  './SignInPage': ExposedModule;
  './ForgotPasswordPage': ExposedModule;
  './ResetPasswordPage': ExposedModule;
  './ProfilePage': ExposedModule;
  './ChangePasswordPage': ExposedModule;
  './NeedHelpPage': ExposedModule;
  './SuggestIdeaPage': ExposedModule;
  './MyOrdersPage': ExposedModule;
  './PrescriptionsPage': ExposedModule; // /prescriptions
  './RecallNoticePage': ExposedModule; // /recalls/:noticeId
  './DateOfBirthDialog': ExposedModule<DateOfBirthDialogProps>; // the cart's widgets, where an age check needs it
}

export interface AdminExposes {
  './AdminLayout': ExposedModule; // renders the sidebar and an <Outlet/> for the children below
  './DashboardPage': ExposedModule;
  './ProductsPage': ExposedModule;
  './OrdersPage': ExposedModule;
  './UsersPage': ExposedModule;
}

export interface RemoteExposes {
  catalog: CatalogExposes;
  cartCheckout: CartCheckoutExposes;
  account: AccountExposes;
  admin: AdminExposes;
}

/** `loadRemote` id for a remote's module, e.g. remoteId('catalog', './ProductListing') === 'catalog/ProductListing'. */
export type RemoteModuleId = {
  [R in RemoteName]: `${R}/${keyof RemoteExposes[R] extends `./${infer M}` ? M : never}`;
}[RemoteName];

// ---------------------------------------------------------------------------------------------------------------
// The remote registry (the gateway's record of which build of each remote is live; schemas in remote-registry.ts)

/** Every module name of an interface above, exactly: a key missing from or added to the literal fails to compile. */
const exposed = <E>(modules: Record<keyof E & string, true>) => Object.keys(modules) as Array<keyof E & string>;

/**
 * The modules each remote must expose for the host (and the other remotes) to work, read off the interfaces above
 * so the two cannot drift: the gateway refuses to deploy a build of a remote that lacks one of them.
 */
export const REMOTE_EXPOSES: { readonly [R in RemoteName]: readonly (keyof RemoteExposes[R] & string)[] } = {
  catalog: exposed<CatalogExposes>({
    './ProductListing': true,
    './ProductDetails': true,
    './SearchBox': true,
    './FeatureCarousel': true,
    './FeaturedProducts': true,
  }),
  cartCheckout: exposed<CartCheckoutExposes>({
    './CartPage': true,
    './AddressPage': true,
    './CheckoutPage': true,
    './PaymentReturnPage': true,
    './PaymentCancelPage': true,
    './CartBadge': true,
    './AddToCart': true,
  }),
  account: exposed<AccountExposes>({
    './SignUpPage': true,
    './SignInPage': true,
    './ForgotPasswordPage': true,
    './ResetPasswordPage': true,
    './ProfilePage': true,
    './ChangePasswordPage': true,
    './NeedHelpPage': true,
    './SuggestIdeaPage': true,
    './MyOrdersPage': true,
    './PrescriptionsPage': true,
    './RecallNoticePage': true,
    './DateOfBirthDialog': true,
  }),
  admin: exposed<AdminExposes>({
    './AdminLayout': true,
    './DashboardPage': true,
    './ProductsPage': true,
    './OrdersPage': true,
    './UsersPage': true,
  }),
};

/**
 * How a registry entry came to be live: first seen at start, deployed (by a person, a pipeline or REMOTE_URLS), or
 * rolled back; a canary started, promoted to everyone or aborted, by hand or by the rollout watch (`auto-*`, by
 * `system`, docs/operations.md#canary-releases).
 */
export const REMOTE_ACTIONS = ['seed', 'deploy', 'rollback', 'canary', 'promote', 'abort', 'auto-abort', 'auto-rollback'] as const;
export type RemoteAction = (typeof REMOTE_ACTIONS)[number];
/** Deployment history rows kept and answered (newest first); older rows are dropped. */
export const REMOTE_HISTORY_MAX = 100;
/** Earlier entries of one remote kept to roll back to, one step at a time. */
export const REMOTE_ROLLBACK_DEPTH = 20;

/**
 * What a page says about itself in the document's <head> (docs/architecture.md#server-rendering): the server writes
 * it into the HTML it sends, the browser keeps it current (`useDocumentHead` in @pharmacy/ui).
 */
export interface DocumentHead {
  /** The whole document title. */
  title?: string;
  description?: string;
  /** The page's one URL for search engines (a path; the server and the browser add the origin). */
  canonicalPath?: string;
  /** Structured data (schema.org) for search engines, as a JSON-LD object. */
  jsonLd?: Record<string, unknown>;
  /** The HTTP status the page is answered with (a product that does not exist: 404). Server only. */
  status?: number;
  /** Search engines' instructions for the page (`noindex` for a page that was not found). */
  robots?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// What browsers report about remotes (issue 24; schemas in remote-registry.ts, docs/api.md#remote-reports)

/**
 * What a page reports of a remote: a page view that used it, its code failing to load, a render error its slot's
 * boundary caught, or a page whose server render left its slot to the browser. Every kind but `view` is an error.
 */
export const REMOTE_REPORT_KINDS = ['view', 'load-error', 'render-error', 'ssr-fallback'] as const;
export type RemoteReportKind = (typeof REMOTE_REPORT_KINDS)[number];
/** At most this many reports in one request, and this many bytes of body (a full batch fits well inside). */
export const REMOTE_REPORTS_MAX = 20;
export const REMOTE_REPORTS_MAX_BYTES = 8 * 1024;
/** A version (the build's buildVersion) and a page (a route pattern, never a URL with ids) are short. */
export const REMOTE_REPORT_VERSION_MAX = 64;
export const REMOTE_REPORT_PAGE_MAX = 120;
/** Report requests one client may send a minute (a page sends one batch every few seconds at most). */
export const REMOTE_REPORTS_PER_MINUTE = 60;
/** Per-minute counts of each remote version are kept this long (the sliding windows read less than this). */
export const REMOTE_REPORT_RETENTION_MINUTES = 60;
// Canary releases and integrity (issue 24, docs/operations.md#canary-releases)

/** The cookie that keeps a visitor in the same cohort of every remote's canary: a random visitor id, read by the gateway. */
export const COHORT_COOKIE = 'mf_cohort';
/** A canary reaches between 1 and 99 % of visitors: 100 % is a promotion, 0 % an abort. */
export const CANARY_PERCENT_MIN = 1;
export const CANARY_PERCENT_MAX = 99;

/**
 * When the rollout watch steps in by itself (services/gateway/src/remotes/rollout/). Rates are errors per page view
 * of one version over the last `windowMs`.
 */
export const ROLLOUT_POLICY = {
  /** A canary whose error rate is above its stable version's by more than this many percentage points is aborted. */
  marginPoints: 5,
  /** ...once the canary has at least this many page views in the window (fewer say nothing). */
  minViews: 20,
  /** How often the watch reads the rates: an abort lands within 60 s of the errors being reported. */
  checkIntervalMs: 10_000,
  /** The window of reports the rates are read over. */
  windowMs: 5 * 60_000,
  /** A full deploy is watched this long after it went live, and rolled back to the previous build if it does worse. */
  freshDeployWatchMs: 10 * 60_000,
  /** A fresh deploy erring on more than this share of its views is rolled back even with nothing to compare it to. */
  errorCeiling: 0.2,
} as const;

/**
 * What /remotes.json tells the page about each remote's build beside its manifest URL: the version (the host
 * reports it with what went wrong) and the entry's hash, which the browser checks (`integrity`) before running it.
 */
export interface RemoteBuildTag {
  version: string | null;
  /** `sha256-<base64>` of remoteEntry.js as recorded at deploy time; null when it was not recorded. */
  integrity: string | null;
}
/** The key of /remotes.json that holds each remote's RemoteBuildTag (not a remote name, so older hosts skip it). */
export const REMOTES_BUILDS_KEY = 'builds';
