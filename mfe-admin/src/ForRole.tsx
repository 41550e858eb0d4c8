import type { ReactNode } from 'react';
import { PERMISSIONS, STAFF_ROLES, STAFF_ROLE_LABELS, ROLE_PERMISSIONS, type Permission } from '@pharmacy/contracts';
import { useCan } from '@pharmacy/session';
import { EmptyState, MutedText, PageTitle } from '@pharmacy/ui';

export const NOT_FOR_YOUR_ROLE = 'Not available for your role: ask an administrator';

/** Which roles may do it, in words: "Administrator or Catalogue". */
export const rolesThatMay = (permission: Permission): string =>
  STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission))
    .map((role) => STAFF_ROLE_LABELS[role])
    .join(' or ');

/** Why an action is not offered, for a disabled button's note: what it needs and who has it. */
export const notForYourRole = (permission: Permission): string =>
  `Not available for your role: ${PERMISSIONS[permission].toLowerCase()} needs the ${rolesThatMay(permission)} role.`;

/**
 * A screen or section that needs `permission` (docs/product.md#staff-roles): without it, a panel says so and what it
 * needs, and nothing under it mounts, so nothing is asked of the server that it would refuse with a 403.
 */
export function ForRole({ permission, title, children }: { permission: Permission; title: string; children: ReactNode }) {
  const can = useCan(permission);
  if (can) return <>{children}</>;
  return (
    <section aria-label={title}>
      <PageTitle>{title}</PageTitle>
      <EmptyState
        message={NOT_FOR_YOUR_ROLE}
        description={`${title} needs the ${rolesThatMay(permission)} role (${PERMISSIONS[permission].toLowerCase()}).`}
      />
    </section>
  );
}

/** A section's or an action's place when the role may not use it: the reason, where the control would be. */
export function RoleNote({ permission, id }: { permission: Permission; id?: string }) {
  return <MutedText id={id}>{notForYourRole(permission)}</MutedText>;
}

/** An action or a section that needs `permission`: itself when the roles allow it, else the reason in its place. */
export function IfCan({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? <>{children}</> : <RoleNote permission={permission} />;
}
