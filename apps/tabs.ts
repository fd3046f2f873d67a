// The default app's main tabs (SHELL-05), and the deep links every app accepts. label is an i18n
// key, icon a shell icon name. The white-label app's tabs are in white.ts (SHELL-08).
import type { TabSetting } from '../kernel/types.ts'

export const defaultTabs: TabSetting[] = [
  { id: 'home', path: '/', icon: 'home', label: 'shell.tabs.home' },
  { id: 'wall', path: '/wall', icon: 'wall', label: 'shell.tabs.wall' },
  { id: 'moments', path: '/moments', icon: 'moments', label: 'shell.tabs.moments' },
  { id: 'message', path: '/message', icon: 'message', label: 'shell.tabs.message' },
  { id: 'user', path: '/user', icon: 'user', label: 'shell.tabs.user' },
]

/**
 * Deep links an external link (push notification, banner, native shell) may open directly;
 * every other start path goes through /landingPage first (SHELL-02).
 */
export const wellKnownPaths: string[] = [
  '/landingPage',
  '/wall',
  '/white-wall',
  '/detail',
  '/talk',
  '/getcoin',
  '/vip',
  '/usdtPay',
  '/usdtpay',
  '/paystatus',
  '/forcePay',
  '/proxyCharge',
  '/customer',
  '/customer-talk',
  '/game',
  '/gameCenter',
  '/activity',
  '/h5link',
  '/redirect',
  '/agreement',
  '/free',
  '/match',
  '/moments-detail',
]
