// Room widgets never cover each other or the chat: from the chat's top edge up come the
// arrivals, then the gift banners' lane (told to the gift layer as --gift-lane-top, in viewport
// px: it is drawn over any page), then the 'host is in a private call' text (--lv-lane-top).
import { useLayoutEffect, type RefObject } from 'react'

/** the most entrance banner and join chip over the chat (LIVE-05), and the gift lane: the gift
 *  feature's two sent-gift banners (44 px each, 8 px apart) */
const ARRIVALS_PX = 72
const GIFT_LANE_PX = 2 * 44 + 8
const LANE_GAP_PX = 6

export function useRoomLanes(stage: RefObject<HTMLDivElement | null>, on: boolean) {
  useLayoutEffect(() => {
    const roomEl = stage.current?.closest<HTMLElement>('.lv-room')
    const chat = roomEl?.querySelector<HTMLElement>('.lv-chat')
    const rootStyle = document.documentElement.style
    if (!on || !roomEl || !chat) return
    const place = () => {
      const roomTop = roomEl.getBoundingClientRect().top
      const laneTop = Math.round(chat.getBoundingClientRect().top - ARRIVALS_PX - LANE_GAP_PX - GIFT_LANE_PX)
      rootStyle.setProperty('--gift-lane-top', `${laneTop}px`)
      roomEl.style.setProperty('--lv-lane-top', `${laneTop - roomTop - LANE_GAP_PX}px`)
    }
    place()
    const watch = new ResizeObserver(place)
    watch.observe(chat)
    watch.observe(roomEl)
    return () => {
      watch.disconnect()
      rootStyle.removeProperty('--gift-lane-top')
      roomEl.style.removeProperty('--lv-lane-top')
    }
  }, [on])
}
