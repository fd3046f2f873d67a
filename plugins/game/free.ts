// ENG-10: the free-coin tasks' shapes and requests, shared by the /free pages.
import type { Kernel } from '../../kernel/types.ts'
import { FreePath } from './paths.ts'
import { num, obj, oneOf, or, str, type Guard } from '../../kernel/guard.ts'
import { listAnswer } from './api.ts'
import { gameServiceRef } from './state.ts'

export type FreeTaskId = 'email' | 'phone' | 'review'
/** 0 to do, 1 pending, 2 done, 3 rejected */
export interface FreeTask {
  taskId: FreeTaskId
  rewardDiamond: number
  status: 0 | 1 | 2 | 3
  target?: string
}

const FREE_TASKS: FreeTaskId[] = ['email', 'phone', 'review']
export const isFreeTask = (v: unknown): v is FreeTaskId => FREE_TASKS.includes(v as FreeTaskId)

/** d1 §5 email messages; a harness-decided phone shape (6-15 digits, an optional +) */
export const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,24}$/i
export const PHONE_SHAPE = /^\+?[0-9]{6,15}$/
/** the loading page asks for a pending review's status every 2 s, for 30 s */
export const FREE_POLL_MS = 2000
export const FREE_POLL_FOR_MS = 30_000

/** guard of a task (its answer, and a row of the task list): an unknown task or status is refused */
const freeTask: Guard<FreeTask> = obj({
  taskId: oneOf(...FREE_TASKS),
  rewardDiamond: or(num, 0),
  status: oneOf(0, 1, 2, 3),
  target: or(str(254), undefined),
})

export const loadTasks = (kernel: Kernel): Promise<FreeTask[] | null> => kernel.need(gameServiceRef).fetch(FreePath.tasks, listAnswer(freeTask))

export const taskStatus = (kernel: Kernel, taskId: FreeTaskId) => kernel.need(gameServiceRef).fetch(FreePath.status, freeTask, { taskId })

export const freePath = (sub: string, task?: FreeTaskId) => `/free/${sub}${task ? `?task=${task}` : ''}`
