// The plugin's overlay ids.
export const BANNER_ID = 'message.banner'
export const DISTURB_SHEET = 'message.disturb'
export const ROW_ACTIONS = 'message.row-actions'
