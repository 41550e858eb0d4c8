/**
 * The typed contract of every remote's exposed modules (docs/architecture.md#frontend-and-federation: dts is off; the remote's module
 * `satisfies` the type here and the host's `loadRemote<T>` uses it, so tsc checks both sides).
 * Every exposed module has a default export that is a React component; pages take no props (they read
 * the URL with react-router hooks), widgets take the props named here.
 * Types are structural React component types so that this package does not depend on React.
 */
import type { Product } from './catalog';

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
}

/**
 * The name of the page's federation host. A remote that shows another remote's widget loads it through the host's
 * federation instance, which registered every remote from /remotes.json (each remote's own instance knows none).
 */
export const FEDERATION_HOST = 'host';

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
