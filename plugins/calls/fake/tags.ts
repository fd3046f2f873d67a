// Rating tags the harness answers (d3 §3 Rating): problem tags for short calls, positive
// labels for calls of 60 s or more, in the request's language.
import { langOf } from '../../../harness/slice-kit.ts'

type Headers = Record<string, string | string[] | undefined>

const problems: Array<[string, string, string]> = [
  ['0', 'None', 'لا شيء'],
  ['1', 'Poor video quality', 'جودة فيديو ضعيفة'],
  ['2', 'She did not talk', 'لم تتحدث'],
  ['3', 'Not the girl in the photos', 'ليست الفتاة في الصور'],
  ['4', 'Rude or impolite', 'غير مهذبة'],
  ['5', 'Ended too quickly', 'انتهت بسرعة'],
]

const positives: Array<[number, string, string]> = [
  [1, 'Beautiful', 'جميلة'],
  [2, 'Sweet voice', 'صوت لطيف'],
  [3, 'Funny', 'مرحة'],
  [4, 'Good listener', 'مستمعة جيدة'],
  [5, 'Charming', 'ساحرة'],
  [6, 'Friendly', 'ودودة'],
]

/** getFeedbackType: dictionary rows { dictValue, dictLabel } */
export function feedbackTypes(headers: Headers) {
  const ar = langOf(headers) === 'ar'
  return problems.map(([dictValue, en, arText]) => ({ dictValue, dictLabel: ar ? arText : en }))
}

/** getCallLabel: { labelId, labelName } */
export function callLabels(headers: Headers) {
  const ar = langOf(headers) === 'ar'
  return positives.map(([labelId, en, arText]) => ({ labelId, labelName: ar ? arText : en }))
}
