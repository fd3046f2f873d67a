// The shell's signals. One set per kernel (created by the service factory), so two test kernels
// never share a base config or a badge.
import { signal } from '@preact/signals-react'
import type { BaseConfig, BaseConfigStatus } from './api.ts'

export function createShellState() {
  return {
    baseConfig: signal<BaseConfig | null>(null),
    baseConfigStatus: signal<BaseConfigStatus>('idle'),
    followCount: signal(0),
    /** the follow count the user has seen in the inbox, per user (kept across visits) */
    followsSeen: signal<{ userId: number; n: number } | null>(null),
    taskClaimable: signal(false),
    /** an email login request is on its way: further taps send nothing */
    loggingIn: signal(false),
  }
}

export type ShellState = ReturnType<typeof createShellState>
