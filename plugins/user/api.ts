// The user (own profile) tab offers nothing to other plugins yet; its route is '/user' (login needed).
export const USER_PATH = '/user'
