// The account service's routes (prefixes /api/auth, /api/account, /api/admin/users; /internal/account for the
// other services). docs/api.md describes each.
import type { Static } from '@sinclair/typebox';
import type {
  AdminUsersQuery,
  ChangePasswordBody,
  CheckAuthResponse,
  DeleteAccountBody,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  KeptMailResponse,
  KeptMailsResponse,
  LoginBody,
  MessageResponse,
  NeedHelpBody,
  NotifyUserBody,
  NotifyUserResponse,
  RegisterBody,
  ResetPasswordBody,
  SafetyProfileResponse,
  SignInChallengeResponse,
  StaffRolesBody,
  SuggestIdeaBody,
  TicketResponse,
  UpdateProfileBody,
  UserDetailsResponse,
  UserListResponse,
  UserNameResponse,
  UserResponse,
  UsersByEmailQuery,
  UsersByEmailResponse,
} from '../account';
import type { AuditAppendResponse, AuditEntryBody, AuditExportQuery, AuditListQuery, AuditListResponse } from '../audit';
import type { RevocationFeedResponse, RevocationQuery } from '../sessions';
import type {
  DutyPeriodResponse, DutyRecordQuery, DutyRecordResponse, HealthChangesQuery, HealthChangesResponse, InternalOnDutyResponse, PharmacistOnDutyResponse, StepOutBody,
} from '../pharmacist';
import { route } from './route';

export const AccountRoutes = {
  auth: {
    register: route<UserResponse, RegisterBody>()('POST', '/api/auth/register'),
    login: route<UserResponse, LoginBody>()('POST', '/api/auth/login'),
    signInChallenge: route<Static<typeof SignInChallengeResponse>>()('GET', '/api/auth/challenge'),
    refresh: route<UserResponse>()('POST', '/api/auth/refresh'),
    me: route<UserResponse>()('GET', '/api/auth/me'),
    checkAuth: route<CheckAuthResponse>()('GET', '/api/auth/check-auth'),
    logout: route<MessageResponse>()('POST', '/api/auth/logout'),
    /** A published GET the shop keeps; refused from another site (docs/architecture.md#security). */
    signout: route<MessageResponse>()('GET', '/api/auth/signout'),
  },
  recovery: {
    forgotPassword: route<ForgotPasswordResponse, ForgotPasswordBody>()('POST', '/api/auth/forgot-password'),
    resetPassword: route<MessageResponse, ResetPasswordBody>()('POST', '/api/auth/reset-password'),
    changePassword: route<MessageResponse, ChangePasswordBody>()('POST', '/api/account/change-password'),
  },
  profile: {
    get: route<UserResponse>()('GET', '/api/account/profile'),
    update: route<UserResponse, UpdateProfileBody>()('PUT', '/api/account/profile'),
    delete: route<MessageResponse, DeleteAccountBody>()('DELETE', '/api/account/profile'),
  },
  tickets: {
    needHelp: route<Static<typeof TicketResponse>, NeedHelpBody>()('POST', '/api/account/need-help'),
    suggestIdea: route<Static<typeof TicketResponse>, SuggestIdeaBody>()('POST', '/api/account/suggest-idea'),
  },
  /** The responsible pharmacist (docs/domain.md#responsible-pharmacist). */
  responsible: {
    /** Public: the shop's footer names the pharmacist on duty. */
    onDuty: route<PharmacistOnDutyResponse>()('GET', '/api/account/pharmacist-on-duty'),
    signIn: route<DutyPeriodResponse>()('POST', '/api/admin/pharmacist/sign-in'),
    /** Ends the open period: one's own, or (an administrator) whoever's it is. */
    signOut: route<DutyPeriodResponse>()('POST', '/api/admin/pharmacist/sign-out'),
    /** The pharmacist on duty records stepping out of the pharmacy, and coming back (reg. 3, 5(1)(e)). */
    stepOut: route<DutyPeriodResponse, StepOutBody>()('POST', '/api/admin/pharmacist/step-out'),
    back: route<DutyPeriodResponse>()('POST', '/api/admin/pharmacist/back'),
    record: route<DutyRecordResponse, undefined, DutyRecordQuery>()('GET', '/api/admin/pharmacist/record'),
    /** The whole record as CSV (text/csv). */
    recordExport: route<string>()('GET', '/api/admin/pharmacist/record/export'),
  },
  admin: {
    users: route<Static<typeof UserListResponse>, undefined, AdminUsersQuery>()('GET', '/api/admin/users/get'),
    userDetails: route<Static<typeof UserDetailsResponse>>()('GET', '/api/admin/users/details/:id'),
    /** Grant and remove staff roles (docs/product.md#staff-roles). */
    staffRoles: route<Static<typeof UserDetailsResponse>, StaffRolesBody>()('PUT', '/api/admin/users/roles/:id'),
  },
  /** The one audit trail, kept here (docs/api.md#audit-trail). The export answers CSV, not the envelope. */
  audit: {
    list: route<AuditListResponse, undefined, AuditListQuery>()('GET', '/api/admin/audit'),
    exportCsv: route<string, undefined, AuditExportQuery>()('GET', '/api/admin/audit/export.csv'),
  },
  /** Service to service only: the internal token, never proxied (docs/architecture.md#services). */
  internal: {
    safetyProfile: route<Static<typeof SafetyProfileResponse>>()('GET', '/internal/account/users/:id/safety-profile'),
    userName: route<UserNameResponse>()('GET', '/internal/account/users/:id/name'),
    usersByEmail: route<Static<typeof UsersByEmailResponse>, undefined, UsersByEmailQuery>()('GET', '/internal/account/users/by-email'),
    notifyUser: route<NotifyUserResponse, NotifyUserBody>()('POST', '/internal/account/users/:id/notify'),
    audit: route<AuditAppendResponse, AuditEntryBody>()('POST', '/internal/account/audit'),
    /** Who is the responsible pharmacist now (checkout records them on a clinical decision). */
    onDuty: route<InternalOnDutyResponse>()('GET', '/internal/account/pharmacist-on-duty'),
    /** The changes to a user's health profile since a moment (the pharmacist's review of an order). */
    healthChanges: route<HealthChangesResponse, undefined, HealthChangesQuery>()('GET', '/internal/account/users/:id/health-changes'),
    revocations: route<Static<typeof RevocationFeedResponse>, undefined, RevocationQuery>()('GET', '/internal/account/revocations'),
    /** The mail kept instead of sent, newest first: the dev mailbox's data (not in production). */
    keptMails: route<Static<typeof KeptMailsResponse>>()('GET', '/internal/account/outbox'),
    keptMail: route<Static<typeof KeptMailResponse>>()('GET', '/internal/account/outbox/:id'),
  },
} as const;
