// The post-call rating (CALL-14, d3 §3 Rating and §4 Post-call sheet) as plain functions, so the
// sheet stays a view and the rules are tested on their own.
import { list, num, obj, or, str, id, type Guard } from '../../../kernel/guard.ts'
import { MAX_POSITIVE_TAGS, RATING_LONG_CALL_SEC } from '../rules.ts'

/** getFeedbackType row: a problem of a short or disliked call */
export interface ProblemTag {
  dictValue: string
  dictLabel: string
}

/** getCallLabel row: a positive tag of a liked call */
export interface PositiveTag {
  labelId: number
  labelName: string
}

/** guards of the two tag answers (kernel/guard.ts): rows without their id are left out */
export const problemTags: Guard<ProblemTag[]> = list(obj({ dictValue: id(50), dictLabel: or(str(100), '') }), 30)
export const positiveTags: Guard<PositiveTag[]> = list(obj({ labelId: num, labelName: or(str(100), '') }), 30)

export type Choice = 'like' | 'dislike'

export const isLongCall = (sec: number) => sec >= RATING_LONG_CALL_SEC

/** Add or remove a positive tag; at the limit a new one is refused (the others show disabled). */
export function toggleTag(selected: readonly number[], id: number, max = MAX_POSITIVE_TAGS): number[] {
  if (selected.includes(id)) return selected.filter((x) => x !== id)
  if (selected.length >= max) return [...selected]
  return [...selected, id]
}

/** The callEvaluation payload. score: 0 like (and skip), -1 dislike or a short call. */
export function ratingPayload(o: { channelId: string; choice: Choice; positive: readonly number[]; problem: ProblemTag | null }) {
  const like = o.choice === 'like'
  return {
    channelId: o.channelId,
    score: like ? 0 : -1,
    badTags: like ? '' : (o.problem?.dictLabel ?? ''),
    feedbackType: like ? null : (o.problem?.dictValue ?? null),
    positiveTags: like ? o.positive.slice(0, MAX_POSITIVE_TAGS).join(',') : '',
    anchorComments: like ? '' : (o.problem?.dictLabel ?? ''),
  }
}

/** Skip sends score 0 and nothing else. */
export const skipPayload = (channelId: string) => ({ channelId, score: 0, badTags: '', feedbackType: null, positiveTags: '', anchorComments: '' })
