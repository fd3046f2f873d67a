// The paths of the spec's section-7 tables (HAR-01: the harness answers every one).

/**
 * The paths of one document's section 7, each as the list of spellings it may mean. A cell names a
 * full path, then names relative to it: "/api/chat/V2/callEvaluation, getFeedbackType" (the same
 * folder, or a folder above: the spec does not say), "/anchorListForMeArea" and "/v2/detail" (beside
 * the last full path), "/v3/" (the last full path with its version changed). Words are not paths.
 */
export function section7Paths(markdown: string): string[][] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('7.')) ?? ''
  const out = new Map<string, string[]>()
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue
    const cell = line.split('|').map((c) => c.trim()).find((c) => /(^|\s)\/[A-Za-z]/.test(c))
    if (!cell) continue
    let base = ''
    for (const piece of cell.replace(/\([^)]*\)/g, ' ').replace(/\S*\.\.\.\s*/g, '').split(/,|\s+and\s+|\s+or\s+/)) {
      const token = piece.trim().replace(/^(GET|POST)\s+/, '')
      if (!token || /\s/.test(token) || token.includes('...')) continue
      let spellings: string[]
      if (/^\/(api|user|sts)\//.test(token)) spellings = [(base = token)]
      else if (!base) continue
      else if (/^\/v\d+\/$/.test(token)) spellings = [base.replace(/\/v\d+\//, token)]
      else if (token.startsWith('/')) spellings = [new URL(token.slice(1), 'http://x' + base).pathname]
      else if (/^[A-Za-z][\w/]*$/.test(token)) {
        const parts = base.split('/').slice(0, -1)
        spellings = []
        for (let n = parts.length; n >= 3; n--) spellings.push(`${parts.slice(0, n).join('/')}/${token}`)
      } else continue
      out.set(spellings[0], spellings)
    }
  }
  return [...out.values()]
}
