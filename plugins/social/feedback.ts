// ENG-06 the feedback form's rules and its one call (d3 §5, §7): four types with Application
// problem the default, text up to 500, an email, up to 4 pictures; a report adds the host.
import type { Kernel } from '../../kernel/types.ts'
import { FEEDBACK_MAX, FeedbackType, SocialPath } from './paths.ts'

export const FEEDBACK_TYPES = [
  ['app', FeedbackType.app],
  ['account', FeedbackType.account],
  ['suggest', FeedbackType.suggest],
  ['other', FeedbackType.other],
] as const

/** d3 §4: after success the page goes back after 2 s */
export const BACK_AFTER_MS = 2000

/** at most FEEDBACK_MAX characters, whatever was pasted (emoji count as one) */
export const clip = (text: string) => ([...text].length > FEEDBACK_MAX ? [...text].slice(0, FEEDBACK_MAX).join('') : text)

export interface FeedbackForm {
  feedbackType: number
  suggestion: string
  email: string
  pics: string[]
  /** the reported host (d2 §2.8 hostid, hostlvl), when the form is a report */
  hostId?: string
  hostLvl?: string
}

/** d3 §5: no emptiness checks for email or suggestion; true when the server took it */
export async function sendFeedback(kernel: Kernel, f: FeedbackForm): Promise<boolean> {
  const payload: Record<string, unknown> = { email: f.email.trim(), feedbackType: f.feedbackType, pics: f.pics.join(','), suggestion: clip(f.suggestion) }
  if (f.hostId) Object.assign(payload, { hostId: f.hostId, hostLvl: f.hostLvl ?? '' })
  return kernel.api.post(SocialPath.feedback, payload).then(
    () => true,
    () => false,
  )
}
