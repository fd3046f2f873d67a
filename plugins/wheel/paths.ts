// The wheel's API paths (d2 §7 Wheel) and the custom room messages that switch it (d2 §4.6).
export const WheelPaths = {
  config: '/api/wheel/queryWheelConfigByAnchorId',
  rotate: '/api/wheel/rotateWheel',
} as const

/** chat-room custom message types: 72 turns the entrance on (and reloads the config), 73 off */
export const WHEEL_ON = 72
export const WHEEL_OFF = 73

/** d2 §9: the wheel tip hides after 3 s */
export const WHEEL_TIP_MS = 3000

/** how long the wheel turns before it shows the result (no turn with reduced motion) */
export const WHEEL_TURN_MS = 3000
