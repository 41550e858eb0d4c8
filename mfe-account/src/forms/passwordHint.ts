/**
 * What a new password needs, shown under the field before anything is refused. The account service checks
 * strength with a password estimator and its common-password list (kept on the server, not shipped to the
 * browser); its refusal says what was wrong and replaces this hint in the form's alert.
 */
export const NEW_PASSWORD_HINT =
  'At least 8 characters and hard to guess: a few unrelated words work well. Common passwords and your own name or email are refused.';
