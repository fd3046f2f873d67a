// The live plugin's public face: the 'live' service other plugins use to open a host's room
// (the wall's liveOpenerRef is provided from it too), and the room's public types. Import this
// file only, never the plugin's internals.
import type { ComponentType, ReactNode } from 'react'
import type { ReadonlySignal } from '@preact/signals-react'
import { ref } from '../../kernel/plugin.ts'
import { formatNumber, type Locale } from '../../kernel/i18n.ts'

/** d2 §4.1 front status of the room being watched */
export type FrontStatus = 'idle' | 'loading' | 'live' | 'calling' | 'ended' | 'failed'

/** Enough of a host to draw the loading state before the room answers. */
export interface LiveHostHint {
  userId: number
  nickname?: string
  icon?: string
  yxAccid?: string
}

/** A room on a live list (LIVE-01): its host, and how many watch. */
export interface LiveCard extends LiveHostHint {
  audience: number
}
/** LIVE-03: places in the room other features fill (the wishful-gift carousel, the wheel
 *  entrance, the intimacy heart); an empty slot draws nothing */
export type RoomSlot = 'wish' | 'wheel' | 'bond'

/** the room's small carousel: one item at a time every intervalMs, dots, a swipe turns it, slides
 *  run in the reading direction; a tap picks the item */
export interface CarouselProps<T> {
  items: T[]
  intervalMs: number
  testId: string
  render: (item: T) => ReactNode
  onPick: (item: T) => void
  /** the group's accessible name */
  label?: string
  /** a slide's accessible name */
  labelOf?: (item: T) => string
  /** a stable key per item (default: its place) */
  keyOf?: (item: T) => string | number
  /** a class added to the carousel's own */
  className?: string
}

export interface LiveApi {
  /** the room shown now (or in picture-in-picture): its host id and front status */
  current: ReadonlySignal<{ hostId: number; status: FrontStatus; pip: boolean } | null>
  /** the room's enter answer (d2 §3 live info) as the server gave it, for a feature reading fields
   *  of its own (the wishful gifts: liveWishList, clickAgreement); null until the room answered */
  fields: ReadonlySignal<Readonly<Record<string, unknown>> | null>
  /** open a host's room (LIVE-01: from any card); the hint draws the loading state */
  open(host: LiveHostHint, from?: { path?: string; index?: number }): void
  /** leave the room, picture-in-picture included (a call starting elsewhere does this first) */
  leave(): Promise<void>
  /** LIVE-01: the rooms live now (the first 6, Middle-East first in Arabic), or the followed hosts
   *  live now (up to 100); rejects when the list cannot be had (a time-out, an error) */
  rooms(which: 'live' | 'followed'): Promise<LiveCard[]>
  /** put a component in a room slot (null empties it); it reads the room through this api */
  fill(slot: RoomSlot, component: ComponentType | null): void
  /** custom chat-room messages of a numeric type the room itself does not use (d2 §4.6: 72 and
   *  73 turn the wheel on and off), in the room watched now; returns the unsubscriber */
  onRoomMessage(type: number, fn: (data: Readonly<Record<string, unknown>>) => void): () => void
  /** the room's carousel (LIVE-03's pendants and activities), for what fills a slot */
  Carousel<T>(props: CarouselProps<T>): ReactNode
}

export const liveRef = ref<LiveApi>('live')

/** audience above 999 shows as Nk+ (d2 §9); the number in the locale's format */
export function audienceLabel(n: number, locale: Locale = 'en'): string {
  if (!Number.isFinite(n) || n < 0) return formatNumber(0, locale)
  return n > 999 ? `${formatNumber(Math.floor(n / 1000), locale)}k+` : formatNumber(Math.floor(n), locale)
}

/** the room page's path; query id = the host's user id */
export const LIVE_PATH = '/live'
/** a host's room chat id (the harness's rooms; the gift records go there) */
export const liveChatRoomOf = (hostId: number) => `room_${hostId}`
export const liveHref = (hostId: number, from?: string) => `${LIVE_PATH}?id=${hostId}${from ? `&path=${encodeURIComponent(from)}` : ''}`

/** 'notice' push (LIVE-17): a full-server notice (d2 §4.10); the data is checked by notices.ts */
export const NoticePush = 'notice'

declare module '../../kernel/types.ts' {
  interface PushTypes {
    /** attachType and the fields of d2 §3 Full-server notice; anything else is ignored */
    notice: Record<string, unknown>
  }
}
