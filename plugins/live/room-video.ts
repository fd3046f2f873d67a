// The room's video (RTC audience): join the host's channel, show her picture in the room's own
// element (the room page or the picture-in-picture window puts it in its DOM), go live on its
// first frame, and hear the host leave or unpublish (calling) and the connection drop.
import type { RtcClient } from '../../kernel/rtc/types.ts'
import type { RoomCore } from './room-core.ts'
import type { FrontStatusMachine } from './room-status.ts'
import type { RoomInfo } from './room-info.ts'
import * as R from './rules.ts'

export type RoomVideo = ReturnType<typeof createRoomVideo>

export function createRoomVideo(core: RoomCore, front: FrontStatusMachine) {
  const { kernel } = core
  /** the video lives in this element; the room page or the PiP window puts it in its own DOM */
  const element = typeof document !== 'undefined' ? document.createElement('div') : (null as unknown as HTMLDivElement)
  if (element) element.className = 'lv-video-layer'
  let rtc: RtcClient | null = null
  let offs: Array<() => void> = []
  const loadClient = () => (core.deps.rtc ?? kernel.rtc)()

  core.onRelease(async () => {
    for (const off of offs) off()
    offs = []
    const client = rtc
    rtc = null
    element?.replaceChildren()
    if (client) await client.leave().catch(() => undefined)
  })

  const watchFirstFrame = (gen: number) => {
    const done = () => gen === core.generation() && front.goLive()
    const v = element.querySelector('video')
    if (!v || v.readyState >= 2) return done()
    v.addEventListener('loadeddata', done, { once: true })
    v.addEventListener('playing', done, { once: true })
  }

  const listen = (client: RtcClient, gen: number, r: RoomInfo) => {
    const current = () => gen === core.generation()
    const isHost = (uid: string) => uid === r.yxAccid || uid === String(r.userId)
    offs.push(
      client.on('user-published', (e) => {
        if (!current() || !isHost(e.uid) || e.mediaType !== 'video') return
        element.replaceChildren()
        client.subscribe(e.uid, element).then(
          () => watchFirstFrame(gen),
          () => undefined,
        )
      }),
      client.on('user-left', (e) => current() && isHost(e.uid) && front.goCalling()),
      client.on('user-unpublished', (e) => current() && isHost(e.uid) && e.mediaType === 'video' && front.goCalling()),
      client.on('connection-state', (e) => {
        if (!current()) return
        if (e.state === 'reconnecting') {
          core.reconnecting.value = true
          core.after(R.RECONNECT_END_MS, () => core.reconnecting.peek() && front.fail('connection'))
        } else if (e.state === 'connected') core.reconnecting.value = false
      }),
    )
  }

  const join = async (gen: number, r: RoomInfo) => {
    let client: RtcClient
    try {
      client = await loadClient()
    } catch {
      if (gen === core.generation()) front.fail('video') // no video client (its code did not load)
      return
    }
    if (gen !== core.generation()) return
    rtc = client
    listen(client, gen, r)
    const me = core.me()
    try {
      await client.join({ channel: r.agoraChannelId, uid: String(me?.userId ?? `guest-${kernel.session.deviceId}`), role: 'audience' })
    } catch (err) {
      if (gen !== core.generation()) return
      const code = (err as { code?: string }).code
      if (code === 'UID_CONFLICT') front.end('uid-conflict')
      else if (code === 'ALREADY_CONNECTED') front.end('already-connected')
      // anything else (the service unreachable: the join's own bound): can't connect, with Retry
      else front.fail('video')
    }
  }

  /** start loading the video client's code (read-only: nothing is joined), so a join finds it there */
  const warm = () => void loadClient().catch(() => undefined)

  return { element, join, warm }
}
