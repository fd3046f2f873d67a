// The user (own profile) tab offers nothing to other plugins yet; its route is '/user' (login needed).
export const USER_PATH = '/user'

/** SHELL-09: the server ends this token's session (the harness's path; the spec names none). A logout
 *  that cannot reach it still ends the session here and in the other tabs. */
export const LOGOUT_PATH = '/api/user/logout'
