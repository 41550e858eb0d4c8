import { AccountRoutes, Id, NoQuery, STAFF_ROLES, StaffRolesBody, StrictObject, UserDetailsResponse, type StaffRole } from '@pharmacy/contracts';
import { badRequest, conflict, notFound, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { listedUser } from '../health/restriction';
import type { SessionKit } from '../sessions/guard';
import type { Revocations } from '../sessions/revocations-store';
import { fullName, staffRolesUpdate, toPublicUser, type UserDoc, type Users } from '../users/store';

export const LAST_ADMIN_MESSAGE =
  'This is the last administrator: without one nobody could manage staff roles. Make someone else an administrator first.';

const isAdmin = { roles: 'admin' };
const noHash = { passwordHash: 0 } as const;

/** What an audit entry shows of a staff member's standing, before and after (names, not ids: the entity names them). */
const standing = (user: Pick<UserDoc, 'roles' | 'registrationNumber'>) => ({
  roles: user.roles ?? [],
  ...(user.registrationNumber ? { registrationNumber: user.registrationNumber } : {}),
});

/**
 * Staff management (docs/product.md#staff-roles): an administrator grants and removes roles. The user's tokens
 * issued before are refused within seconds by every service (a 'roles' revocation) and the browser refreshes them.
 */
export const staffRoleRoutes: FastifyPluginAsyncTypebox<{ users: Users; kit: SessionKit; revocations: Revocations; now: () => Date }> = async (
  app,
  { users, kit, revocations, now },
) => {
  const route = AccountRoutes.admin.staffRoles;
  app.put(
    route.path,
    {
      onRequest: kit.staffFor(route),
      schema: {
        tags: ['admin'],
        summary: "Set a user's staff roles (and a pharmacist's registration number)",
        params: StrictObject({ id: Id }),
        querystring: NoQuery,
        body: StaffRolesBody,
        response: responses(UserDetailsResponse),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id } = request.params;
      const user = await users.findOne({ _id: id }, { projection: noHash });
      if (!user) throw notFound('No user with this ID.');
      // Kept in STAFF_ROLES order, so the same roles always read and compare the same.
      const roles: StaffRole[] = STAFF_ROLES.filter((role) => request.body.roles.includes(role));
      const pharmacist = roles.includes('pharmacist');
      const number = request.body.registrationNumber;
      if (typeof number === 'string' && !pharmacist) throw badRequest('A registration number is kept for pharmacists only: give the pharmacist role too.');
      const removesAdmin = (user.roles ?? []).includes('admin') && !roles.includes('admin');
      if (removesAdmin && (await users.countDocuments(isAdmin)) <= 1) throw conflict(LAST_ADMIN_MESSAGE);

      // A number stays with the pharmacist role: it goes when that role goes, and null clears it.
      const keepsNumber = pharmacist && number !== null;
      const registrationNumber = typeof number === 'string' ? number : keepsNumber ? user.registrationNumber : undefined;
      const set = { ...staffRolesUpdate(roles), updatedAt: now(), ...(registrationNumber ? { registrationNumber } : {}) };
      const update = registrationNumber ? { $set: set } : { $set: set, $unset: { registrationNumber: '' } };
      await users.updateOne({ _id: id }, update);
      // Two administrators removing each other at once both passed the check above. Each looks again after its own
      // write and undoes it when no administrator is left: whichever order the writes land in, one stays.
      if (removesAdmin && (await users.countDocuments(isAdmin)) === 0) {
        await users.updateOne({ _id: id }, { $set: { ...staffRolesUpdate(user.roles ?? []), updatedAt: now() } });
        throw conflict(LAST_ADMIN_MESSAGE);
      }
      const after = { ...user, ...set, registrationNumber };
      if (standing(user).roles.join() !== roles.join()) await revocations.roles(id, roles);
      await request.audit({ action: 'staff.roles', entity: { type: 'user', id, name: fullName(user) }, before: standing(user), after: standing(after) });
      // The standing only: changing roles is not a read of the user's health data.
      return ok(listedUser(toPublicUser(after)));
    },
  );
};
