/** The goodbye after `DELETE /v1/users/me/`: a public page (no sign-in, which would start a new account). */
export const ACCOUNT_DELETED_PATH = '/account-deleted';

/** The privacy text; open to a banned player too. */
export const PRIVACY_PATH = '/privacy';
