import type { StaffRole } from '@pharmacy/contracts';

/**
 * The signed-in user as the browser sees it (docs/api.md#authentication). The account service's contract type must stay
 * structurally compatible with this (same field names; it may add fields).
 */
export interface SessionUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  DOB?: string;
  allergies?: string[];
  healthConditions?: string[];
  admin: boolean;
  /** Staff roles (docs/product.md#staff-roles): what the admin screens let this user do. Empty or absent for shoppers. */
  roles?: StaffRole[];
  /** A pharmacist's GPhC registration number. */
  registrationNumber?: string;
  createdAt?: string;
  updatedAt?: string;
}

export interface SignInCredentials {
  email: string;
  password: string;
  /** The solved proof-of-work check, when sign-in asked for one (docs/api.md#sign-in-limits). */
  altcha?: string;
}

/**
 * The editable part of the profile sent to PUT /api/account/profile (the account service validates it);
 * `currentPassword` is required by the service when the email changes.
 */
export type ProfileUpdate = Partial<Omit<SessionUser, '_id' | 'admin' | 'roles' | 'registrationNumber' | 'createdAt' | 'updatedAt'>> & { currentPassword?: string };

/** DELETE /api/account/profile body: the account service asks for the current password. */
export interface DeleteAccountRequest {
  password: string;
}

/** Sign-up form body; its fields are the account service's to define and validate. */
export type RegisterForm = Record<string, unknown> & { email: string; password: string };

/** Session state (docs/product.md#client-state). */
export interface SessionState {
  currentUser: SessionUser | null;
  error: string | null;
  loading: boolean;
  /** The server's code for `error`, when it sent one (absent otherwise): what a page acts on, e.g. the sign-in check. */
  errorCode?: string;
}

/** Auth state (docs/product.md#client-state). */
export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: SessionUser | null;
  /**
   * Set while the account service cannot be reached: the sign-in was confirmed from the session's token alone
   * and `notice` is what to tell the user (their details are temporarily unavailable). Absent otherwise.
   */
  notice?: string;
  /**
   * Set while the sign-in check gets no answer (no connection, a server error): who is signed in is as last known,
   * and this is what to tell the shopper. Absent once any answer comes.
   */
  unreachable?: string;
}
