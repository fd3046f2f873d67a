// IM-05 wiring: listen for robot invitations on the messaging client the inbox logged in
// (kernel.im() hands every plugin the same client, so one login serves all), and remember when
// messaging opened for the 10 s rule. Builds without the inbox have no messaging: nothing to do.
// The call engine starts only when an invitation passes the rules (robot.ts).
import { effect, untracked } from '@preact/signals-react'
import type { Disposer, Kernel } from '../../../kernel/types.ts'
import { inboxRef } from '../../message/api.ts'
import { callsServiceRef, startedFor } from '../service.ts'
import type { ImMessage } from '../../../kernel/im/types.ts'
import { RobotInvites, SYSTEM_ACCOUNTS } from './robot.ts'
import { browserTimers, type CallTimers } from './timers.ts'

export function watchRobotInvites(kernel: Kernel, opts: { timers?: CallTimers; systemAccounts?: readonly string[] } = {}): Disposer {
  const inbox = kernel.get(inboxRef)
  if (!inbox) return () => {}
  const timers = opts.timers ?? browserTimers
  let openedAt: number | null = null
  let off: (() => void) | null = null
  let gen = 0
  const robot = new RobotInvites({
    post: (path, payload, o) => kernel.api.post(path, payload, o),
    timers,
    systemAccounts: opts.systemAccounts ?? SYSTEM_ACCOUNTS,
    imOpenedAt: () => openedAt,
    where: () => {
      const scene = kernel.scene.peek()
      return {
        path: kernel.router.path.peek(),
        search: kernel.router.search.peek(),
        live: !!scene.live,
        payPopup: !!scene.payPopup,
        game: !!scene.halfGame || !!scene.gameCentre,
        calling: !!scene.call || !!startedFor(kernel)?.engine.incoming.call.peek(),
        // marks a wall may set while its All or Live tab shows; without them the link's tab decides
        wallTab: scene.wallAll ? 'all' : scene.wallLive ? 'live' : null,
      }
    },
    joinFree: (channelId) => kernel.need(callsServiceRef).engine.joinFree(channelId),
    openReady: (host) => {
      kernel.router.navigate(`/detail?id=${Number(host.userId)}&path=robot`)
      return true
    },
    log: (...a) => console.info('[calls]', ...a),
  })
  const onMessage = (msg: ImMessage) => {
    // invitations are custom messages (messageType 100); everything else is not ours
    if (Number(msg?.messageType) !== 100) return
    robot
      .onMessage(msg)
      // what became of it (taken, or why ignored): support reads it, end-to-end tests wait for it
      .then((outcome) => console.info('[calls] robot invitation', outcome))
      .catch((err) => console.error('[calls] robot invitation failed', err))
  }
  const stop = effect(() => {
    const ready = inbox.status.value === 'ready'
    untracked(() => {
      if (!ready) {
        openedAt = null
        return
      }
      openedAt = timers.now()
      if (off) return
      const mine = ++gen
      kernel.im().then(
        (client) => {
          if (mine === gen && !off) off = client.on('message', onMessage)
        },
        () => {},
      )
    })
  })
  return () => {
    stop()
    gen++
    off?.()
    off = null
  }
}
