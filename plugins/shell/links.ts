// Backend-configured links (SHELL-14): the kernel decides where a link may lead; the shell goes there.
import { resolveLink } from '../../kernel/links.ts'
import type { Kernel } from '../../kernel/types.ts'

export function followLink(kernel: Kernel, url: string, extraQuery?: Record<string, string>): boolean {
  const settings = kernel.app.settings
  const user = kernel.session.user.peek()
  const own = [...((settings.ownOrigins as string[] | undefined) ?? [])]
  if (typeof location !== 'undefined' && location.origin && location.origin !== 'null') own.push(location.origin)
  const target = resolveLink(url, {
    ownH5Marker: settings.ownH5Marker as string | undefined,
    ownOrigins: own,
    imToken: user?.imToken ?? null,
    userId: user?.userId ?? null,
    currentQuery: extraQuery,
  })
  if (target.kind === 'blocked') {
    console.warn(`link not followed (${target.reason}):`, url)
    return false
  }
  kernel.router.navigate(target.path)
  return true
}
