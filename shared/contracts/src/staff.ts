// Staff roles and what each may do (docs/product.md#staff-roles). The `admin` flag stays the key to /admin; a
// staff member's roles decide what each screen and each /api/admin/* route lets them do. The server decides by this
// table; the browser reads the same table only to say "not for your role" instead of offering a button that fails.

export const STAFF_ROLES = ['admin', 'pharmacist', 'catalogue', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrator',
  pharmacist: 'Pharmacist',
  catalogue: 'Catalogue',
  support: 'Customer support',
};

/** Each permission is one kind of staff decision or read; a route or screen action needs exactly one. */
export const PERMISSIONS = {
  'dashboard.view': 'See the dashboard figures',
  'catalogue.manage': 'Add and edit products, stock, images and banners',
  'orders.view': 'See orders (without health data)',
  'orders.manage': 'Change order status (non-clinical)',
  'payments.manage': 'Change payment status and refund',
  'clinical.review': 'Approve or reject orders awaiting a pharmacist, and other clinical decisions',
  'health.read': "Read a shopper's health data (allergies, conditions, date of birth, consultation answers)",
  'users.view': 'See users (without health data)',
  'staff.manage': "Grant and remove staff roles",
  'audit.view': 'Read and export the audit trail',
  'remotes.manage': 'Deploy and roll back remotes',
} as const;
export type Permission = keyof typeof PERMISSIONS;

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: Object.keys(PERMISSIONS) as Permission[],
  pharmacist: ['dashboard.view', 'orders.view', 'clinical.review', 'health.read', 'users.view', 'audit.view'],
  catalogue: ['dashboard.view', 'catalogue.manage'],
  support: ['dashboard.view', 'orders.view', 'orders.manage', 'payments.manage', 'users.view'],
};

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/**
 * The first of `roles` (in STAFF_ROLES order) that grants `permission`, or null: the role an audit entry names as
 * the one the decision was taken under.
 */
export function roleGranting(roles: readonly string[] | undefined, permission: Permission): StaffRole | null {
  if (!roles) return null;
  return STAFF_ROLES.find((role) => roles.includes(role) && ROLE_PERMISSIONS[role].includes(permission)) ?? null;
}

export const hasPermission = (roles: readonly string[] | undefined, permission: Permission): boolean => roleGranting(roles, permission) !== null;

/** The words of a 403 for a missing permission: what is needed and who has it, never a bare "forbidden". */
export function notPermittedMessage(permission: Permission): string {
  const who = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission)).map((role) => STAFF_ROLE_LABELS[role]);
  return `Your staff role does not allow this (${PERMISSIONS[permission].toLowerCase()}). Ask someone with the ${who.join(' or ')} role.`;
}

/**
 * The permission each staff route needs, by `METHOD path` exactly as the route tables spell it. The role × route
 * matrix test walks every /api/admin/* route the services register and fails on one missing here, so a new staff
 * route cannot ship without a decision on who may call it (docs/api.md#staff-permissions).
 */
export const STAFF_ROUTE_PERMISSIONS: Record<string, Permission> = {
  'GET /api/admin/users/get': 'users.view',
  'GET /api/admin/users/details/:id': 'users.view',
  'PUT /api/admin/users/roles/:id': 'staff.manage',
  'POST /api/admin/pharmacist/sign-in': 'clinical.review',
  'POST /api/admin/pharmacist/sign-out': 'clinical.review',
  'POST /api/admin/pharmacist/step-out': 'clinical.review',
  'POST /api/admin/pharmacist/back': 'clinical.review',
  'GET /api/admin/pharmacist/record': 'dashboard.view',
  'GET /api/admin/pharmacist/record/export': 'dashboard.view',
  'GET /api/admin/products/get': 'catalogue.manage',
  'POST /api/admin/products/add': 'catalogue.manage',
  'PUT /api/admin/products/edit/:id': 'catalogue.manage',
  'DELETE /api/admin/products/delete/:id': 'catalogue.manage',
  'GET /api/admin/products/:id/stock': 'catalogue.manage',
  'POST /api/admin/products/:id/stock': 'catalogue.manage',
  'POST /api/admin/products/:id/batches': 'catalogue.manage',
  // Every member of staff may read batches: the pharmacist needs them for a recall (docs/domain.md#batches).
  'GET /api/admin/products/batches/short-dated': 'dashboard.view',
  'GET /api/admin/products/batches': 'dashboard.view',
  'POST /api/admin/products/upload-image': 'catalogue.manage',
  'POST /api/common/feature/add': 'catalogue.manage',
  'DELETE /api/common/feature/delete/:id': 'catalogue.manage',
  'GET /api/admin/orders/get': 'orders.view',
  'GET /api/admin/orders/stats': 'dashboard.view',
  'GET /api/admin/orders/details/:id': 'orders.view',
  'PUT /api/admin/orders/update/:id': 'orders.manage',
  'PUT /api/admin/orders/payment/:id': 'payments.manage',
  'POST /api/admin/orders/review/:id': 'clinical.review',
  'GET /api/admin/prescriptions': 'clinical.review',
  'GET /api/admin/prescriptions/:id': 'clinical.review',
  'GET /api/admin/prescriptions/:id/file': 'clinical.review',
  'POST /api/admin/prescriptions/:id/verify': 'clinical.review',
  'POST /api/admin/prescriptions/:id/reject': 'clinical.review',
  'GET /api/admin/supply-limits/rules': 'clinical.review',
  'GET /api/admin/supply-limits/usage/:userId': 'clinical.review',
  'POST /api/admin/supply-limits/overrides': 'clinical.review',
  'DELETE /api/admin/supply-limits/overrides/:id': 'clinical.review',
  'GET /api/admin/recalls': 'clinical.review',
  'POST /api/admin/recalls': 'clinical.review',
  'GET /api/admin/recalls/:id': 'clinical.review',
  'GET /api/admin/recalls/:id/export.csv': 'clinical.review',
  'GET /api/admin/audit': 'audit.view',
  'GET /api/admin/audit/export.csv': 'audit.view',
  'GET /api/admin/remotes': 'remotes.manage',
  'PUT /api/admin/remotes/:name': 'remotes.manage',
  'POST /api/admin/remotes/:name/rollback': 'remotes.manage',
  'POST /api/admin/remotes/:name/canary': 'remotes.manage',
  'POST /api/admin/remotes/:name/promote': 'remotes.manage',
  'POST /api/admin/remotes/:name/abort': 'remotes.manage',
};
