// The full-screen login sheet with 'Sign in with Email' and the promo text (SHELL-10).
import type { OverlayProps } from '../../kernel/types.ts'
import { LoginView } from './LoginView.tsx'

export default function LoginSheet({ close }: OverlayProps<{ to?: string }>) {
  return <LoginView close={close} variant="sheet" />
}
