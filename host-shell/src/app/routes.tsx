import { Navigate, type RouteObject } from 'react-router-dom';
import { RedirectSignedIn } from '../auth/RedirectSignedIn';
import { RequireAuth } from '../auth/RequireAuth';
import { AdminFrame } from '../layout/AdminFrame';
import { Layout } from '../layout/Layout';
import { Home } from '../pages/Home';
import { NotFound } from '../pages/NotFound';
import { remotePage } from '../remotes';
import { hostPage } from './hostPage';
import { PageFrame } from './PageFrame';

/** The shop's pages inside its frame: the connection notice above each, a page's failure shown in its place. */
const framed = (children: RouteObject[]): RouteObject[] => [{ element: <PageFrame />, children }];

const page = (id: Parameters<typeof remotePage>[0]) => {
  const RemotePage = remotePage(id);
  return <RemotePage />;
};

/**
 * Every route of docs/product.md#routes. The host owns the URL; remotes only provide the page components. Guards are UI only:
 * the services enforce who may do what.
 */
export const routes: RouteObject[] = [
  {
    // staff's own full-screen layout, outside the shop's header, footer and chat
    element: <AdminFrame />,
    children: [
      {
        path: 'admin',
        element: <RequireAuth admin>{page('admin/AdminLayout')}</RequireAuth>,
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', element: page('admin/DashboardPage') },
          { path: 'products', element: page('admin/ProductsPage') },
          { path: 'orders', element: page('admin/OrdersPage') },
          { path: 'users', element: page('admin/UsersPage') },
        ],
      },
    ],
  },
  {
    path: '/',
    element: <Layout />,
    children: framed([
      { index: true, element: <Home /> },
      { path: 'partners', element: hostPage(() => import(/* webpackChunkName: "page-partners" */ '../pages/Partners')) },
      { path: 'our-story', element: hostPage(() => import(/* webpackChunkName: "page-our-story" */ '../pages/OurStory')) },
      { path: 'pharmacy', element: hostPage(() => import(/* webpackChunkName: "page-pharmacy" */ '../pages/Pharmacy')) },
      {
        path: 'where-we-serve',
        element: hostPage(() => import(/* webpackChunkName: "page-where-we-serve" */ '../pages/WhereWeServe')),
      },
      { path: 'care', element: hostPage(() => import(/* webpackChunkName: "page-care" */ '../pages/Care')) },

      { path: 'pharmacy/products', element: page('catalog/ProductListing') },
      { path: 'pharmacy/product/:productId', element: page('catalog/ProductDetails') },
      { path: 'cart', element: page('cartCheckout/CartPage') },
      {
        // someone already signed in goes home (the forms are for visitors)
        element: <RedirectSignedIn />,
        children: [
          { path: 'signup', element: page('account/SignUpPage') },
          { path: 'sign-in', element: page('account/SignInPage') },
        ],
      },
      { path: 'forgot-password', element: page('account/ForgotPasswordPage') },
      { path: 'reset-password', element: page('account/ResetPasswordPage') },

      {
        // signed-in user routes
        element: <RequireAuth />,
        children: [
          { path: 'my-orders', element: page('account/MyOrdersPage') },
          { path: 'prescriptions', element: page('account/PrescriptionsPage') },
          { path: 'recalls/:noticeId', element: page('account/RecallNoticePage') },
          { path: 'profile', element: page('account/ProfilePage') },
          { path: 'address', element: page('cartCheckout/AddressPage') },
          { path: 'change-password', element: page('account/ChangePasswordPage') },
          {
            path: 'secure/checkout',
            children: [
              { index: true, element: page('cartCheckout/CheckoutPage') },
              { path: 'return', element: page('cartCheckout/PaymentReturnPage') },
              { path: 'cancel', element: page('cartCheckout/PaymentCancelPage') },
            ],
          },
          { path: 'need-help', element: page('account/NeedHelpPage') },
          { path: 'suggest-idea', element: page('account/SuggestIdeaPage') },
        ],
      },

      // docs/product.md#routes: home is also the catch-all for unknown paths (rendered, not redirected), saying so
      { path: '*', element: <NotFound /> },
    ]),
  },
];
