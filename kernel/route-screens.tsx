// The screens a path rarely shows, in their own chunk (the router loads it like a page): not
// found, login required, and the wait for late plugins that may serve the path.
import { useEffect, useState } from 'react'
import { useKernel, useSignalValue } from './hooks.ts'
import { UPDATE_DIALOG } from './overlays.tsx'
import { RouteError, loadWithRetry } from './router.tsx'
import { Button } from './ui/Button.tsx'
import { EmptyState } from './ui/States.tsx'
import { PageSpinner } from './ui/Spinner.tsx'
import { IconCompass, IconLock } from './ui/icons.tsx'
import { useText } from './ui/text.ts'

/** A path no route serves: wait for the late plugins while some are pending, else not found. */
export function Unmatched() {
  const { pending } = useKernel()
  return useSignalValue(pending).length ? <AwaitPlugins /> : <NotFound />
}

/** Like a page's chunk, three attempts, then an error with a retry and the update dialog (SHELL-03). */
function AwaitPlugins() {
  const kernel = useKernel()
  const [attempt, setAttempt] = useState(0)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    loadWithRetry(() => kernel.loadPlugins()).catch((err) => {
      if (!live) return
      console.error('[app] late plugins failed to load', err)
      setFailed(true)
      if (!kernel.overlays.isOpen(UPDATE_DIALOG)) void kernel.overlays.open(UPDATE_DIALOG)
    })
    return () => {
      live = false
    }
  }, [kernel, attempt])
  if (!failed) return <PageSpinner />
  return (
    <RouteError
      onRetry={() => {
        setFailed(false)
        setAttempt((n) => n + 1)
      }}
    />
  )
}

/** A guest on a protected route: ask the shell for the login popup (SHELL-09) and wait here. */
export function LoginRequired() {
  const kernel = useKernel()
  const text = useText()
  const ask = () => {
    const { router } = kernel
    const query = router.search.peek().toString()
    kernel.events.emit('login-required', { to: router.path.peek() + (query ? `?${query}` : '') })
  }
  useEffect(ask, [kernel])
  return (
    <EmptyState
      testId="login-required"
      icon={<IconLock />}
      title={text('kernel-ui.loginRequired')}
      action={<Button onClick={ask}>{text('kernel-ui.login')}</Button>}
    />
  )
}

/** Unknown path (SHELL-01): say so and offer the main page. */
function NotFound() {
  const kernel = useKernel()
  const text = useText()
  return (
    <EmptyState
      testId="not-found"
      icon={<IconCompass />}
      title={text('kernel.notFound')}
      message={text('kernel-ui.notFoundHint')}
      action={
        <Button testId="not-found-home" onClick={() => kernel.router.navigate(kernel.app.settings.mainPath || '/', { replace: true })}>
          {text('kernel-ui.goHome')}
        </Button>
      }
    />
  )
}
