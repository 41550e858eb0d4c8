import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AccountRoutes,
  CatalogRoutes,
  CheckoutRoutes,
  HEALTH_PROFILE_FIELDS,
  ORDER_HEALTH_FIELDS,
  PERMISSIONS,
  RemoteRegistryRoutes,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  STAFF_ROUTE_PERMISSIONS,
  hasPermission,
  notPermittedMessage,
  orderNumber,
  type AnyRoute,
  type AuditEntry,
  type DutyPeriod,
  type Permission,
  type ProductStock,
  type StaffOrder,
  type StaffRole,
  type StaffUser,
} from '@pharmacy/contracts';
import type { SessionUser } from '@pharmacy/session';
import { fail, fakeApi, ok, okList, settle, staff } from '@pharmacy/test-kit';
import { NOT_FOR_YOUR_ROLE, notForYourRole } from '../src/ForRole';
import { makeHeldOrder, makeOrder, makeProduct, makeRecall, makeStats, makeUser, remoteWithCanary } from './fixtures';
import { PRESCRIPTION_PRODUCTS, makePrescription } from './prescriptionServer';
import { renderAdmin } from './renderAdmin';

// The screen half of the role matrix (issue 21; the route half is services/gateway/test/staff-matrix.test.ts): every
// staff screen action, for each staff role and a member of staff holding two, is usable exactly when ROLE_PERMISSIONS
// grants its permission, and otherwise hidden, disabled with the reason, or the screen's "Not available for your
// role" notice (docs/product.md#staff-roles). An action's permission is the one STAFF_ROUTE_PERMISSIONS gives the
// route it calls, or, for one that calls none, the permission its screen is gated by.

/** Who is asked: each staff role alone, and a member of staff holding two. */
const HOLDERS: StaffRole[][] = [...STAFF_ROLES.map((role) => [role]), ['catalogue', 'support']];
const named = (roles: readonly StaffRole[]) => roles.map((role) => STAFF_ROLE_LABELS[role]).join(' + ');
const memberOf = (roles: StaffRole[]): SessionUser => ({ ...staff, _id: `staff-${roles.join('-')}`, firstName: named(roles), roles });

/** What the gateway decides a route by. */
const needs = (route: AnyRoute): Permission => {
  const permission = STAFF_ROUTE_PERMISSIONS[`${route.method} ${route.path}`];
  if (!permission) throw new Error(`${route.method} ${route.path} is not in STAFF_ROUTE_PERMISSIONS`);
  return permission;
};

const pathPattern = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`);

// ---- What the services hold in this test ---------------------------------------------------------------------------

const GEL = makeProduct({ _id: 'gel', title: 'Ibuprofen Gel', version: 1 });
const STOCK: ProductStock = {
  productId: 'gel',
  available: 20,
  reserved: 0,
  sold: 30,
  batches: [{ id: 'b-1', lot: 'GEL-26-001', expiresOn: '2028-06-30', state: 'sellable', receivedAt: '2026-06-01T09:00:00.000Z', received: 50, remaining: 20, reserved: 0 }],
  history: [],
};
const PLAIN = makeOrder({ _id: 'o-plain', orderStatus: 'confirmed', paymentStatus: 'paid' });
const HELD = makeHeldOrder({ _id: 'o-held' });
const ALICE = makeUser({ _id: 'u-alice', firstName: 'Alice', lastName: 'Smith' });
const PAT = makeUser({ _id: 'u-pat', firstName: 'Pat', lastName: 'Lee', admin: true, roles: ['pharmacist'], registrationNumber: '2071234' });
const RX = makePrescription({ _id: 'rx-1' });
const RITA: DutyPeriod = { _id: 'd-1', pharmacistId: 'someone-else', name: 'Rita Registrant', registrationNumber: '2011111', from: '2026-11-27T09:02:00.000Z', to: null };
const RECALL = makeRecall();
const AUDIT_ENTRY: AuditEntry = {
  seq: 1,
  id: '00000000-0000-4000-8000-000000000001',
  at: '2026-11-27T09:00:00.000Z',
  service: 'catalog',
  requestId: 'req-1',
  actor: { id: 'cara', name: 'Cara Catalogue', role: 'catalogue', roles: ['catalogue'] },
  action: 'product.edit',
  entity: { type: 'product', id: 'gel', name: 'Ibuprofen Gel' },
  before: { price: 6 },
  after: { price: 5.5 },
  prevHash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
};
const OVERRIDE = {
  _id: 'ov-1',
  userId: PAT._id,
  ruleId: 'gb-painkiller-packs',
  reason: 'Care home order',
  grantedBy: { id: 's', name: 'Pat Pharm' },
  grantedAt: '2026-11-27T10:00:00.000Z',
  status: 'open',
};

/** Health data as the services send it to staff: left out, and named as restricted, for a role without health.read. */
const userAs = (user: StaffUser, mayRead: boolean): StaffUser => {
  if (mayRead) return user;
  const { DOB: _d, allergies: _a, healthConditions: _h, ...rest } = user;
  return { ...rest, restricted: [...HEALTH_PROFILE_FIELDS] };
};
const orderAs = (order: StaffOrder, mayRead: boolean): StaffOrder => {
  if (mayRead) return order;
  const { consultation: _c, unrecognisedTerms: _u, healthChanges: _h, ...rest } = order;
  return { ...rest, restricted: [...ORDER_HEALTH_FIELDS] };
};

/**
 * The services behind the gateway as the screens meet them, and the gateway's decision: a staff route the roles do
 * not allow answers 403 with its message (as requireStaffFor does) and is noted in `refused`.
 */
function gatewayFor(roles: StaffRole[], { onDuty = null }: { onDuty?: DutyPeriod | null } = {}) {
  const server = fakeApi();
  const refused: string[] = [];
  const mayRead = hasPermission(roles, 'health.read');
  const page = (n: number) => ({ total: n, page: 1, limit: 20 });
  server.on('GET', '/api/admin/orders/stats', ok(makeStats()));
  server.on('GET', '/api/admin/products/get', okList([GEL], { total: 1, page: 1, limit: 24 }));
  server.on('GET', '/api/admin/products/gel/stock', ok(STOCK));
  server.on('GET', '/api/common/feature/get', ok([{ _id: 'f-1', image: '/api/media/banner-1', createdAt: '2026-06-01T00:00:00.000Z' }]));
  server.on('GET', '/api/admin/pharmacist/record', okList(onDuty ? [onDuty] : [], { ...page(onDuty ? 1 : 0), onDuty }));
  server.on('GET', '/api/admin/audit', okList([AUDIT_ENTRY], { older: null, newer: null }));
  server.on('GET', '/api/admin/remotes', okList([remoteWithCanary], { history: [] }));
  server.on('GET', '/api/admin/recalls', ok([RECALL]));
  server.on('GET', '/api/admin/recalls/rc-1', ok({ recall: RECALL, affected: [] }));
  server.on('GET', '/api/admin/orders/get', okList([orderAs(PLAIN, false), orderAs(HELD, false)], { ...page(2), awaitingReview: 1 }));
  server.on('GET', /^\/api\/admin\/orders\/details\/(o-plain|o-held)$/, (req) => ok(orderAs(req.path.endsWith('o-plain') ? PLAIN : HELD, mayRead)));
  server.on('GET', '/api/admin/prescriptions', okList([{ _id: RX._id, userId: RX.userId, shopperName: RX.shopper.name, source: RX.source, status: RX.status, standing: RX.standing, createdAt: RX.createdAt }], page(1)));
  server.on('GET', '/api/admin/prescriptions/rx-1', ok(RX));
  server.on('GET', '/api/shop/products/get', okList(PRESCRIPTION_PRODUCTS, { total: PRESCRIPTION_PRODUCTS.length, page: 1, limit: 100 }));
  server.on('GET', '/api/admin/users/get', okList([userAs(PAT, false)], page(1)));
  server.on('GET', /^\/api\/admin\/users\/details\/(u-pat|u-alice)$/, (req) => ok(userAs(req.path.endsWith('u-pat') ? PAT : ALICE, mayRead)));
  server.on('GET', '/api/admin/supply-limits/rules', ok({ version: '2026-11-27.1', market: 'GB', rules: [{ id: 'gb-painkiller-packs', kind: 'policy', source: { title: 'MHRA guidance', where: 'two packs' }, scope: { kind: 'sale' }, max: 2, sentence: '' }] }));
  server.on('GET', `/api/admin/supply-limits/usage/${PAT._id}`, ok({ userId: PAT._id, windows: [], overrides: [OVERRIDE] }));
  server.on('POST', '/api/shop/safety/terms/recognise', (req) => ok((req.body as { terms: string[] }).terms.map((term) => ({ term, recognised: true, canonical: term }))));
  for (const [key, permission] of Object.entries(STAFF_ROUTE_PERMISSIONS)) {
    if (hasPermission(roles, permission)) continue;
    const [method, path] = key.split(' ');
    server.on(method, pathPattern(path), () => {
      refused.push(key);
      return fail(403, notPermittedMessage(permission), 'FORBIDDEN');
    });
  }
  return Object.assign(server, { refused });
}

// ---- The actions ----------------------------------------------------------------------------------------------------

/**
 * How an action is kept from a role without its permission, besides the screen's own notice (which always counts):
 * 'reason': not offered, and notForYourRole(permission) said in its place; 'disabled': shown disabled, described by
 * that reason; 'hidden': not offered (a panel the role has no part in); 'restricted': health data reads "Restricted".
 */
type Otherwise = 'reason' | 'disabled' | 'hidden' | 'restricted';

interface Action {
  action: string;
  permission: Permission;
  find: () => HTMLElement | null;
  otherwise: Otherwise;
  /** 'present': a form's submit button, enabled once the form is filled in; else it must be enabled as shown. */
  usable?: 'enabled' | 'present';
}

/** Actions seen together: on the screen as it loads, or in a dialog `enter` opens when the screen offers it. */
interface Stage {
  screen: string;
  enter?: () => Promise<void>;
  actions: Action[];
}

/** One rendering of a screen, its stages in turn (each dialog closed before the next). */
interface Scene {
  url: string;
  gateway?: Parameters<typeof gatewayFor>[1];
  stages: Stage[];
}

/** Where the actions are: the open dialog (the page behind it is inert), else the page. */
const openDialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const shown = () => within(openDialog() ?? document.body);
const button = (name: string | RegExp) => () => shown().queryByRole('button', { name });
const link = (name: string | RegExp) => () => shown().queryByRole('link', { name });
const field = (role: 'combobox' | 'textbox' | 'checkbox', name: string | RegExp) => () => shown().queryByRole(role, { name });
const table = (name: string | RegExp) => () => shown().queryByRole('table', { name });
const labelled = (label: string) => () => shown().queryByLabelText(label);
const text = (words: string | RegExp) => () => shown().queryByText(words);

/** The View Details button in the row of an order or a user. */
const rowButton = (rowText: string) => () => {
  const row = shown().queryAllByRole('row').find((r) => r.textContent?.includes(rowText));
  return row ? within(row).queryByRole('button', { name: 'View Details' }) : null;
};

/** Opens a dialog by its button when the screen offers the button (a role without it has nothing to open). */
const opening = (find: () => HTMLElement | null, dialog: string) => async () => {
  const opener = find();
  if (!opener) return;
  fireEvent.click(opener);
  await screen.findByRole('dialog', { name: dialog });
};

const { adminProducts, features } = CatalogRoutes;
const { adminOrders, adminPrescriptions, adminRecalls, adminSupplyLimits } = CheckoutRoutes;

const SCENES: Scene[] = [
  {
    url: '/admin/dashboard',
    stages: [
      {
        screen: 'Dashboard',
        actions: [
          { action: 'the order figures', permission: needs(adminOrders.stats), find: text('Revenue today'), otherwise: 'hidden' },
          { action: 'Audit trail link', permission: needs(AccountRoutes.audit.list), find: link('Audit trail'), otherwise: 'reason' },
          { action: 'Remote builds link', permission: needs(RemoteRegistryRoutes.list), find: link('Remote builds'), otherwise: 'reason' },
          { action: 'review queue: open an order in Orders', permission: needs(adminOrders.details), find: link(/^#.* Alice Smith/), otherwise: 'reason' },
          { action: 'review queue: open the queue in Orders', permission: needs(adminOrders.list), find: link('Open the queue in Orders'), otherwise: 'reason' },
          { action: 'low in stock list', permission: needs(adminProducts.list), find: table('Low in stock'), otherwise: 'reason' },
          { action: 'Manage products link', permission: needs(adminProducts.list), find: link('Manage products'), otherwise: 'reason' },
          { action: 'feature image upload', permission: needs(adminProducts.uploadImage), find: labelled('Feature image'), otherwise: 'reason' },
          { action: 'feature image delete', permission: needs(features.delete), find: button('Delete feature image 1'), otherwise: 'reason' },
          { action: 'sign in as responsible pharmacist', permission: needs(AccountRoutes.responsible.signIn), find: button('Sign in as responsible pharmacist'), otherwise: 'hidden' },
        ],
      },
    ],
  },
  {
    url: '/admin/dashboard',
    gateway: { onDuty: RITA },
    stages: [
      {
        screen: 'Dashboard, another pharmacist on duty',
        actions: [
          // The route lets a pharmacist end their own period; ending someone else's is the administrator's.
          { action: "end another pharmacist's period", permission: 'staff.manage', find: button("End Rita Registrant's period as responsible pharmacist"), otherwise: 'hidden' },
        ],
      },
    ],
  },
  {
    url: '/admin/dashboard?view=audit',
    stages: [
      {
        screen: 'Audit trail',
        actions: [
          { action: 'entries', permission: needs(AccountRoutes.audit.list), find: table(/Audit trail entries/), otherwise: 'reason' },
          { action: 'filter by staff member', permission: needs(AccountRoutes.audit.list), find: button('Cara Catalogue'), otherwise: 'reason' },
          { action: 'Export CSV', permission: needs(AccountRoutes.audit.exportCsv), find: link('Export CSV'), otherwise: 'reason' },
        ],
      },
    ],
  },
  {
    url: '/admin/dashboard?view=remotes',
    stages: [
      {
        screen: 'Remote builds',
        actions: [
          { action: 'promote a canary', permission: needs(RemoteRegistryRoutes.promote), find: button('Promote the catalog canary to everyone'), otherwise: 'reason' },
          { action: 'abort a canary', permission: needs(RemoteRegistryRoutes.abort), find: button('Abort the catalog canary'), otherwise: 'reason' },
        ],
      },
    ],
  },
  {
    url: '/admin/products',
    stages: [
      {
        screen: 'Products',
        actions: [
          { action: 'the product list', permission: needs(adminProducts.list), find: table('Products'), otherwise: 'reason' },
          { action: 'Add product', permission: needs(adminProducts.add), find: button('Add product'), otherwise: 'reason' },
          { action: 'Edit', permission: needs(adminProducts.edit), find: button('Edit Ibuprofen Gel'), otherwise: 'reason' },
          { action: 'Delete', permission: needs(adminProducts.delete), find: button('Delete Ibuprofen Gel'), otherwise: 'reason' },
          // A view of the catalogue's list (its route is open to all staff, who read batches for a recall).
          { action: 'Short-dated view', permission: needs(adminProducts.list), find: button('Short-dated'), otherwise: 'reason' },
          { action: 'Record a recall', permission: needs(adminRecalls.create), find: button('Record a recall'), otherwise: 'hidden' },
          { action: "a recall's affected orders", permission: needs(adminRecalls.details), find: button(/^Affected orders of the recall/), otherwise: 'hidden' },
        ],
      },
      {
        screen: 'Products, edit dialog',
        enter: opening(button('Edit Ibuprofen Gel'), 'Edit product'),
        actions: [
          { action: 'Save changes', permission: needs(adminProducts.edit), find: button('Save changes'), otherwise: 'reason' },
          { action: 'product image upload', permission: needs(adminProducts.uploadImage), find: labelled('Product image'), otherwise: 'reason' },
          { action: 'Receive batch', permission: needs(adminProducts.receiveBatch), find: button('Receive batch'), otherwise: 'reason' },
          { action: 'adjust a batch (Apply)', permission: needs(adminProducts.adjustStock), find: button('Apply'), otherwise: 'reason' },
        ],
      },
      {
        screen: 'Products, recall details',
        enter: opening(button(/^Affected orders of the recall/), 'Recall'),
        actions: [{ action: "a recall's Export CSV", permission: needs(adminRecalls.export), find: link('Export CSV'), otherwise: 'hidden' }],
      },
    ],
  },
  {
    url: '/admin/orders',
    stages: [
      {
        screen: 'Orders',
        actions: [
          { action: 'View Details', permission: needs(adminOrders.details), find: rowButton(orderNumber(PLAIN._id)), otherwise: 'reason' },
          { action: 'Prescriptions to check view', permission: needs(adminOrders.list), find: button(/^Prescriptions to check/), otherwise: 'reason' },
        ],
      },
      {
        screen: 'Orders, order details',
        enter: opening(rowButton(orderNumber(PLAIN._id)), 'Order details'),
        actions: [
          { action: 'change order status', permission: needs(adminOrders.setStatus), find: field('combobox', 'Change order status to'), otherwise: 'disabled' },
          { action: 'change payment status (refund)', permission: needs(adminOrders.setPayment), find: field('combobox', 'Change payment status to'), otherwise: 'disabled' },
        ],
      },
      {
        screen: 'Orders, held order details',
        enter: opening(rowButton(orderNumber(HELD._id)), 'Order details'),
        actions: [
          { action: 'Approve order', permission: needs(adminOrders.review), find: button('Approve order'), otherwise: 'reason' },
          { action: 'Reject order', permission: needs(adminOrders.review), find: button('Reject order'), otherwise: 'reason' },
          { action: 'consultation answers', permission: 'health.read', find: text('Cetirizine when my hay fever is bad'), otherwise: 'restricted' },
        ],
      },
    ],
  },
  {
    url: '/admin/orders?view=prescriptions',
    stages: [
      {
        screen: 'Orders, prescriptions to check',
        actions: [{ action: 'Check a prescription', permission: needs(adminPrescriptions.details), find: button(/^Check Alice Smith/), otherwise: 'reason' }],
      },
      {
        screen: 'Orders, prescription check',
        enter: opening(button(/^Check Alice Smith/), 'Prescription'),
        actions: [
          { action: 'Approve prescription', permission: needs(adminPrescriptions.verify), find: button('Approve prescription'), otherwise: 'reason', usable: 'present' },
          { action: 'Reject prescription', permission: needs(adminPrescriptions.reject), find: button('Reject prescription'), otherwise: 'reason' },
        ],
      },
    ],
  },
  {
    url: '/admin/users',
    stages: [
      {
        screen: 'Users',
        actions: [
          { action: 'the user list', permission: needs(AccountRoutes.admin.users), find: table('Users'), otherwise: 'reason' },
          { action: 'View Details', permission: needs(AccountRoutes.admin.userDetails), find: rowButton('Pat'), otherwise: 'reason' },
        ],
      },
      {
        screen: 'Users, user details',
        enter: opening(rowButton('Pat'), 'User Details'),
        actions: [
          { action: 'allergies and conditions', permission: 'health.read', find: text('Penicillin'), otherwise: 'restricted' },
          { action: 'grant a role', permission: needs(AccountRoutes.admin.staffRoles), find: field('checkbox', /^Catalogue/), otherwise: 'reason' },
          { action: 'remove a role', permission: needs(AccountRoutes.admin.staffRoles), find: field('checkbox', /^Pharmacist/), otherwise: 'reason' },
          { action: 'GPhC registration number', permission: needs(AccountRoutes.admin.staffRoles), find: field('textbox', 'GPhC registration number'), otherwise: 'reason' },
          { action: 'Save roles', permission: needs(AccountRoutes.admin.staffRoles), find: button('Save roles'), otherwise: 'reason', usable: 'present' },
          { action: 'supply limit: allow once', permission: needs(adminSupplyLimits.grant), find: button('Allow once'), otherwise: 'reason', usable: 'present' },
          { action: 'supply limit: revoke an override', permission: needs(adminSupplyLimits.revoke), find: button('Revoke'), otherwise: 'reason' },
        ],
      },
    ],
  },
];

// ---- The check ------------------------------------------------------------------------------------------------------

const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true';

/** What the screen shows against what the table says, one line per difference (empty when they agree). */
function differences(stage: Stage, roles: StaffRole[]): string[] {
  const found: string[] = [];
  const notice = screen.queryByText(NOT_FOR_YOUR_ROLE) !== null;
  const page = document.body.textContent ?? '';
  for (const row of stage.actions) {
    const where = `${stage.screen} / ${row.action} (${row.permission})`;
    const el = row.find();
    if (hasPermission(roles, row.permission)) {
      if (!el) found.push(`${where}: not offered`);
      else if (row.usable !== 'present' && isDisabled(el)) found.push(`${where}: disabled`);
      continue;
    }
    if (notice) {
      if (el) found.push(`${where}: offered beside the screen's "not available" notice`);
      continue;
    }
    const reason = notForYourRole(row.permission);
    switch (row.otherwise) {
      case 'disabled':
        if (!el) found.push(`${where}: missing, expected disabled with the reason`);
        else if (!isDisabled(el)) found.push(`${where}: enabled without the permission`);
        else if (document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent !== reason) found.push(`${where}: disabled without the reason describing it`);
        break;
      case 'restricted':
        if (el) found.push(`${where}: shown without the permission`);
        else if (!page.includes('Restricted')) found.push(`${where}: hidden without saying "Restricted"`);
        break;
      case 'reason':
        if (el) found.push(`${where}: offered without the permission`);
        else if (!page.includes(reason)) found.push(`${where}: hidden without the reason ("${reason}")`);
        break;
      case 'hidden':
        if (el) found.push(`${where}: offered without the permission`);
        break;
    }
  }
  return found;
}

/** Lets every answer of the fake services reach the screen: until nothing is loading and the page stays as it is. */
async function settled() {
  let last = '';
  for (let quiet = 0, turns = 0; quiet < 3 && turns < 200; turns += 1) {
    await act(settle);
    const now = document.body.innerHTML;
    const loading = document.querySelector('[data-testid="spinner-svg"], [aria-busy="true"]') !== null;
    quiet = now === last && !loading ? quiet + 1 : 0;
    last = now;
  }
}

async function closeDialog() {
  const dialog = openDialog();
  if (!dialog) return;
  fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(openDialog()).toBeNull());
}

const sceneName = (scene: Scene) => scene.stages.map((stage) => stage.screen).join('; ');

describe.each(HOLDERS.map((roles) => [named(roles), roles] as const))('%s', (_who, roles) => {
  it.each(SCENES.map((scene) => [sceneName(scene), scene] as const))('%s: each action exactly as the role table says', async (_name, scene) => {
    const server = gatewayFor(roles, scene.gateway);
    renderAdmin({ path: scene.url, server, user: memberOf(roles) });
    const found: string[] = [];
    for (const stage of scene.stages) {
      await closeDialog();
      await settled();
      if (stage.enter) {
        await stage.enter();
        await settled();
      }
      found.push(...differences(stage, roles));
    }
    expect(found).toEqual([]);
    // Nothing the screen did was refused by the gateway: what a role may not do is not asked for.
    expect(server.refused).toEqual([]);
    // The admin panel stays the same for everyone: the sidebar's five entries.
    await closeDialog();
    const sidebar = within(screen.getByRole('navigation', { name: 'Admin Panel' }));
    expect(sidebar.getAllByRole('link').map((l) => l.textContent)).toEqual(['Dashboard', 'Products', 'Orders', 'Users']);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });
});

it('covers every permission of the role table', () => {
  const used = new Set(SCENES.flatMap((scene) => scene.stages.flatMap((stage) => stage.actions.map((row) => row.permission))));
  expect(Object.keys(PERMISSIONS).filter((p) => !used.has(p as Permission))).toEqual([]);
});
