// CALL-14: the sheet after a call. Under 60 s: problem tags (one, default None) and hosts to
// call instead; 60 s or more: Like or Dislike, with up to 3 positive tags for a like. Sent once;
// Skip sends score 0. A robot (free) call offers a recharge; so does a balance under 2000.
import { useEffect, useRef, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../../kernel/hooks.ts'
import { injectStyle } from '../../../kernel/style.ts'
import { Avatar } from '../../../kernel/ui/Avatar.tsx'
import { Button } from '../../../kernel/ui/Button.tsx'
import { Sheet } from '../../../kernel/ui/Sheet.tsx'
import type { OverlayProps } from '../../../kernel/types.ts'
import { rechargeRef } from '../../recharge/api.ts'
import { detailHref, hostsRef, liveOpenerRef, type HostStatusWord } from '../../wall/api.ts'
import { answer, type Guard } from '../../../kernel/guard.ts'
import { CallPath, recommendedHosts, type LastCall, type RecommendedHost } from '../api.ts'
import { formatDuration, statusWord } from './format.ts'
import { IconDiamond, IconThumb } from './icons.tsx'
import { isLongCall, positiveTags, problemTags, ratingPayload, skipPayload, toggleTag, type Choice, type PositiveTag, type ProblemTag } from '../engine/rating.ts'
import { LOW_BALANCE_AFTER_CALL, MAX_POSITIVE_TAGS } from '../rules.ts'
import css from './calls.css'
import { sentence } from '../../../kernel/ui/sentence.tsx'

injectStyle(css)

export default function PostCallSheet({ props: last, close }: OverlayProps<LastCall>) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const long = isLongCall(last.callDuration)
  const [choice, setChoice] = useState<Choice | null>(long ? null : 'dislike')
  const [positive, setPositive] = useState<number[]>([])
  const { problems, problem, setProblem, labels, hosts } = useSheetLists(last, long)
  const [busy, setBusy] = useState(false)
  const sent = useRef(false)
  const recharge = kernel.get(rechargeRef)
  const balance = kernel.session.user.value?.diamondNum

  /** once only; a tap while a submit is on its way is dropped */
  const send = async (payload: Record<string, unknown>) => {
    if (sent.current || busy) return
    sent.current = true
    setBusy(true)
    try {
      await kernel.api.post(CallPath.evaluation, payload, { silent: true })
      if (Number(payload.score) !== 0 || payload.positiveTags) kernel.overlays.toast(t('calls.toast.thanks'), { type: 'success' })
    } catch {
      // already rated or the network went: nothing the user can fix here
    }
    setBusy(false)
    close(payload)
  }

  const submit = () => choice && void send(ratingPayload({ channelId: last.channelId, choice, positive, problem }))
  const skip = () => void send(skipPayload(last.channelId))

  const openRecharge = () => {
    close()
    void recharge?.open({ source: 'callEnd' })
  }

  /** NET-08: the store's word (pushes keep it fresh), else the answer's */
  const wordOf = (h: RecommendedHost) => kernel.get(hostsRef)?.statusOf(h.userId).value ?? statusWord(h.status)

  const openHost = (h: RecommendedHost, index: number) => {
    close()
    const word = wordOf(h)
    const opener = kernel.get(liveOpenerRef)
    const host = { userId: h.userId, yxAccid: h.yxAccid, nickname: h.nickname, icon: h.icon, age: h.age, countryId: h.countryId, grade: null, videoPrice: h.videoPrice, status: word, liveChannelId: h.agoraLiveSimpleVO?.agoraChannelId }
    if (word === 'live' && opener) opener.open(host, { index, path: 'callEnd' })
    else kernel.router.navigate(detailHref(host, { index, path: 'callEnd' }))
  }

  const offer = recharge && (last.free ? 'robot' : balance != null && balance < LOW_BALANCE_AFTER_CALL ? 'low' : null)

  return (
    <Sheet testId="post-call" title={sentence(t, 'calls.post.title', { name: last.nickname })}>
      <div className="cl-post" data-long={long ? 'yes' : 'no'}>
        <CallSummary last={last} />

        {offer && <RechargeOffer offer={offer} onRecharge={openRecharge} />}

        {long && <ChoiceButtons choice={choice} onChoose={setChoice} />}

        {choice === 'like' && <PositiveTagPicker labels={labels} positive={positive} onToggle={(id) => setPositive((s) => toggleTag(s, id))} />}

        {choice === 'dislike' && <ProblemTagPicker problems={problems} problem={problem} onPick={setProblem} />}

        {!long && hosts.length > 0 && <RecommendedList hosts={hosts} wordOf={wordOf} onOpen={openHost} />}

        <div className="cl-post__actions">
          <Button variant="secondary" testId="post-call-skip" disabled={busy} onClick={skip}>
            {t('calls.post.skip')}
          </Button>
          <Button testId="post-call-submit" disabled={!choice} loading={busy} onClick={submit}>
            {t('calls.post.submit')}
          </Button>
        </div>
      </div>
    </Sheet>
  )
}

/** the sheet's lists, each through its guard (a failed or malformed one leaves its part out):
 *  the problem tags, and the positive tags of a long call or the hosts to call after a short one */
function useSheetLists(last: LastCall, long: boolean) {
  const kernel = useKernel()
  const [problem, setProblem] = useState<ProblemTag | null>(null)
  const [problems, setProblems] = useState<ProblemTag[]>([])
  const [labels, setLabels] = useState<PositiveTag[]>([])
  const [hosts, setHosts] = useState<RecommendedHost[]>([])
  useEffect(() => {
    const post = <T,>(path: string, payload: unknown, guard: Guard<T>) => kernel.api.post(path, payload, { silent: true }).then(answer(guard, path)).catch(() => null)
    void post(CallPath.feedbackTypes, {}, problemTags).then((rows) => {
      if (!rows) return
      setProblems(rows)
      // a short call's one bad tag defaults to the first, None
      setProblem((p) => p ?? rows[0] ?? null)
    })
    if (long) void post(CallPath.labels, {}, positiveTags).then((rows) => rows && setLabels(rows))
    else
      void post(CallPath.recommend, { searchValue: last.callUserId }, recommendedHosts).then((rows) => {
        if (!rows) return
        // NET-08: the picks follow their status pushes through the one host store
        for (const h of rows) kernel.get(hostsRef)?.track(h.userId, h.yxAccid, statusWord(h.status))
        setHosts(rows)
      })
  }, [kernel, long, last.callUserId])
  return { problems, problem, setProblem, labels, hosts }
}

/** how long the call lasted and what it charged */
function CallSummary({ last }: { last: LastCall }) {
  const t = useT()
  return (
    <div className="cl-post__who">
      <Avatar src={last.icon} name={last.nickname} size={56} />
      <div className="cl-post__facts">
        <p className="cl-post__lasted" data-testid="post-call-duration">
          {t('calls.post.lasted', { t: formatDuration(last.callDuration) })}
        </p>
        {/* what the server says the call charged (the ledger); unknown is pending, never a guess */}
        <p className="cl-post__charged" data-testid="post-call-charged" data-charged={last.charged ?? ''} data-periods={last.periods ?? ''}>
          {last.charged == null
            ? t('calls.post.chargedPending')
            : last.charged === 0
              ? t('calls.post.chargedNone')
              : t('calls.post.charged', { diamonds: t('calls.post.diamonds', { n: last.charged }), count: last.periods ?? 0 })}
        </p>
      </div>
    </div>
  )
}

/** a recharge after a robot (free) call or when the balance is low */
function RechargeOffer({ offer, onRecharge }: { offer: 'robot' | 'low'; onRecharge: () => void }) {
  const t = useT()
  return (
    <div className="cl-offer" data-testid={offer === 'robot' ? 'post-call-robot-offer' : 'post-call-low-balance'}>
      <IconDiamond size={22} />
      <p>{t(offer === 'robot' ? 'calls.post.robotOffer' : 'calls.post.lowBalance')}</p>
      <Button size="small" testId="post-call-recharge" onClick={onRecharge}>
        {t('calls.post.recharge')}
      </Button>
    </div>
  )
}

/** Like or Dislike, for a long call */
function ChoiceButtons({ choice, onChoose }: { choice: Choice | null; onChoose: (c: Choice) => void }) {
  const t = useT()
  return (
    <div className="cl-choice" role="radiogroup">
      {(['dislike', 'like'] as const).map((c) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={choice === c}
          className={`cl-choice__btn cl-choice__btn--${c}${choice === c ? ' is-on' : ''}`}
          data-testid={`post-call-${c}`}
          onClick={() => onChoose(c)}
        >
          <IconThumb size={26} down={c === 'dislike'} />
          {t(`calls.post.${c}`)}
        </button>
      ))}
    </div>
  )
}

/** up to MAX_POSITIVE_TAGS tags for a like */
function PositiveTagPicker({ labels, positive, onToggle }: { labels: PositiveTag[]; positive: number[]; onToggle: (labelId: number) => void }) {
  const t = useT()
  const atLimit = positive.length >= MAX_POSITIVE_TAGS
  return (
    <fieldset className="cl-tags" data-testid="post-call-positive">
      <legend>{t('calls.post.positive')}</legend>
      {labels.map((l) => {
        const on = positive.includes(l.labelId)
        return (
          <button
            key={l.labelId}
            type="button"
            className={`cl-tag${on ? ' is-on' : ''}`}
            aria-pressed={on}
            disabled={!on && atLimit}
            data-testid="post-call-tag"
            onClick={() => onToggle(l.labelId)}
          >
            {l.labelName}
          </button>
        )
      })}
    </fieldset>
  )
}

/** the one problem of a dislike (a short call's defaults to None) */
function ProblemTagPicker({ problems, problem, onPick }: { problems: ProblemTag[]; problem: ProblemTag | null; onPick: (p: ProblemTag) => void }) {
  const t = useT()
  return (
    <fieldset className="cl-tags" data-testid="post-call-problems">
      <legend>{t('calls.post.problems')}</legend>
      {problems.map((p) => {
        const on = problem?.dictValue === p.dictValue
        return (
          <button key={p.dictValue} type="button" className={`cl-tag${on ? ' is-on' : ''}`} aria-pressed={on} data-testid="post-call-problem" onClick={() => onPick(p)}>
            {p.dictLabel}
          </button>
        )
      })}
    </fieldset>
  )
}

/** hosts to call instead after a short call, each with her live status */
function RecommendedList({ hosts, wordOf, onOpen }: { hosts: RecommendedHost[]; wordOf: (h: RecommendedHost) => HostStatusWord; onOpen: (h: RecommendedHost, index: number) => void }) {
  useSignals()
  const t = useT()
  return (
    <section className="cl-recs" data-testid="post-call-recommended">
      <h3>{t('calls.post.recommended')}</h3>
      <ul>
        {hosts.map((h, index) => (
          <li key={h.userId}>
            <button type="button" className="cl-rec" data-testid="post-call-host" data-host-id={h.userId} onClick={() => onOpen(h, index)}>
              <Avatar src={h.icon} name={h.nickname} size={58} />
              <span className={`cl-rec__dot cl-rec__dot--${wordOf(h)}`} data-testid="post-call-host-status" data-status={wordOf(h)} aria-label={t(`calls.status.${wordOf(h)}`)} />
              <bdi className="cl-rec__name">{h.nickname}</bdi>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
