// PLACEHOLDER SIGNATURE, implemented by the media work: the /rtc harness video signalling.
import type { HarnessContext, UpgradeService } from './types.ts'

export interface RtcService extends UpgradeService {
  /** make a host (by IM account / uid) join a channel and publish its generated video */
  hostJoin(channel: string, uid: string): void
  hostLeave(channel: string, uid: string): void
  /** report network quality for a channel's viewer (1 good .. 6 down), to simulate a weak network */
  setQuality(channel: string, quality: number): void
  channels(): Array<{ channel: string; uids: string[] }>
}

export declare function createRtcService(ctx: HarnessContext): RtcService
