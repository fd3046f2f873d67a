// PLACEHOLDER SIGNATURE, implemented by the realtime work: the /ws push server.
import type { HarnessContext, UpgradeService } from './types.ts'

export interface RealtimeService extends UpgradeService {
  push(userId: number, pushType: string, data: Record<string, unknown>): number
  /** send a raw text frame, for malformed-push tests */
  pushRaw(userId: number, text: string): number
  broadcast(pushType: string, data: Record<string, unknown>): number
  /** close the sockets of one user (or everyone) to simulate a dropped connection */
  drop(userId?: number): number
  connected(): Array<{ userId: number; onlineStatus: number; channelId: string; lastHeartbeat: number }>
}

export declare function createRealtimeService(ctx: HarnessContext): RealtimeService
