// The login popup (modal tier), opened when a guest needs to log in (SHELL-09, SHELL-10).
import type { OverlayProps } from '../../kernel/types.ts'
import { LoginView } from './LoginView.tsx'

export default function LoginPopup({ close }: OverlayProps<{ to?: string }>) {
  return <LoginView close={close} variant="popup" />
}
