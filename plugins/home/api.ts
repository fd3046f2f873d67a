// The home (match landing) plugin offers nothing to other plugins yet; its route is '/'.
export const HOME_PATH = '/'
