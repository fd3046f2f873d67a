// Overlay ids and timings the first bundle needs (the plugin definition, the facade) without the service.
export const SHEET_ID = 'recharge.sheet'
export const CARD_ID = 'recharge.card'
export const SECURITY_ID = 'recharge.security'
export const RETENTION_ID = 'recharge.retention'
