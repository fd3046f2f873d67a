// The card drop-in (PAY-05): a security check, the provider's script loaded 2 s later and
// mounted here, then the success receipt (recipient, transaction id, Credit Card, time, Done).
// The provider script exposes window.HarnessDropIn.mount(el, {intentId, clientSecret, methods,
// onSuccess, onError}); the harness serves one (test cards in the harness README).
import { useEffect, useRef, useState } from 'react'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { useFormat } from '../../kernel/format.ts'
import { injectStyle } from '../../kernel/style.ts'
import type { OverlayProps } from '../../kernel/types.ts'
import { Button } from '../../kernel/ui/Button.tsx'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import type { OrderResult, OrderStatus, PayMethodSku, RechargeItem } from './api.ts'
import { rechargeService } from './state.ts'
import { confirmPaid, type KeyStatus } from '../../kernel/paid.ts'
import { shellRef } from '../shell/api.ts'
import css from './recharge.css'

/** d3 §4, §9: the card provider's script loads 2 s after the drop-in opens */
export const CARD_SCRIPT_DELAY_MS = 2000
/** a provider script that has not arrived by then never will: say so (the order stays unpaid) */
export const CARD_SCRIPT_TIMEOUT_MS = 10_000

interface DropIn {
  mount(el: HTMLElement, o: { intentId: string; clientSecret: string; methods: string[]; locale: string; payLabel?: string; onSuccess: (r: CardSuccess) => void; onError: (e: { message: string }) => void }): () => void
}
interface CardSuccess {
  transactionId: string
  paidAt: number
  amount: number
  orderCode: string
}

const loaded = new Map<string, Promise<void>>()
function loadScript(url: string): Promise<void> {
  let p = loaded.get(url)
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement('script')
      s.src = url
      s.async = true
      s.onload = () => resolve()
      s.onerror = () => {
        loaded.delete(url)
        reject(new Error(`could not load ${url}`))
      }
      document.head.appendChild(s)
    })
    loaded.set(url, p)
  }
  return p
}

export default function CardDropIn({ props, close }: OverlayProps<{ order: OrderResult; item: RechargeItem; method: PayMethodSku }>) {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const f = useFormat()
  const host = useRef<HTMLDivElement>(null)
  // what the ledger credited, asked of the server once the provider says paid (never computed here)
  const [credited, setCredited] = useState<number | null>(null)
  const [phase, setPhase] = useState<'security' | 'form' | 'failed' | 'done'>('security')
  const [receipt, setReceipt] = useState<CardSuccess | null>(null)
  // the balance after it, as the server's user says once refreshed
  const [balance, setBalance] = useState<number | null>(null)
  const awx = props.order.awxObj
  // the credit not yet known (a lost or early answer): asked about by the order's code until the server says
  const [confirming, setConfirming] = useState(false)
  const gone = useRef(false)
  useEffect(() => {
    gone.current = false
    return () => void (gone.current = true)
  }, [])

  // the pending rule: what the ledger credited, asked now and then by the order's code, never guessed
  const confirmCredit = async () => {
    const service = rechargeService(kernel)
    const ask = (code: string) => service.orderKeyStatus(code).catch((): KeyStatus<OrderStatus> => ({ state: 'pending' }))
    let s: KeyStatus<OrderStatus> | { state: 'unknown' } = await ask(props.order.orderCode)
    if (s.state === 'pending') {
      if (!gone.current) setConfirming(true)
      s = await confirmPaid(ask, props.order.orderCode, service.timers)
    }
    if (gone.current) return
    setConfirming(false)
    if (s.state !== 'done') return
    setCredited(s.answer.diamondNum)
    await kernel.get(shellRef)?.refreshUser().catch(() => {})
    const after = kernel.session.user.peek()?.diamondNum
    if (!gone.current && typeof after === 'number') setBalance(after)
  }

  useEffect(() => {
    if (!awx) return void setPhase('failed')
    let unmount: (() => void) | undefined
    let gone = false
    const provider = () => (window as unknown as { HarnessDropIn?: DropIn }).HarnessDropIn
    const service = rechargeService(kernel)
    service.later(() => {
      if (gone) return
      let arrived = false
      service.later(() => void (!gone && !arrived && setPhase('failed')), CARD_SCRIPT_TIMEOUT_MS)
      // a provider already on the page needs no second script
      ;(provider() ? Promise.resolve() : loadScript(awx.scriptUrl))
        .then(() => {
          arrived = true
          const dropIn = provider()
          if (gone) return
          if (!dropIn || !host.current) return setPhase('failed')
          setPhase('form')
          unmount = dropIn.mount(host.current, {
            intentId: awx.id,
            clientSecret: awx.client_secret,
            methods: awx.methods,
            locale: kernel.i18n.locale.peek(),
            payLabel: t('recharge.card.pay', { amount: f.money(awx.amount) }),
            onSuccess: (r) => {
              setReceipt(r)
              setPhase('done')
              void confirmCredit()
            },
            onError: () => {},
          })
        })
        .catch(() => {
          arrived = true
          if (!gone) setPhase('failed')
        })
    }, CARD_SCRIPT_DELAY_MS)
    return () => {
      gone = true
      unmount?.()
    }
  }, [])

  if (phase === 'done' && receipt) {
    // ids and amounts read left to right even in Arabic; the credited diamonds are the server's answer
    const rows: Array<[string, string, ('ltr' | undefined)?, string?]> = [
      [t('recharge.card.recipient'), kernel.app.name],
      [t('recharge.card.transaction'), receipt.transactionId, 'ltr'],
      [t('recharge.card.method'), t(`recharge.method.${props.method.payMethodType}`)],
      [t('recharge.card.amount'), f.money(receipt.amount), 'ltr'],
      [t('recharge.card.time'), f.stamp(receipt.paidAt), 'ltr'],
    ]
    if (credited != null) rows.push([t('recharge.card.diamonds'), f.signed(credited), 'ltr', 'recharge-receipt-credited'])
    if (balance != null) rows.push([t('recharge.card.balance'), f.number(balance), 'ltr', 'recharge-receipt-balance'])
    if (confirming) rows.push([t('recharge.card.diamonds'), t('recharge.status.pending'), undefined, 'recharge-receipt-pending'])
    return (
      // keyed: the provider's form lives in DOM React does not own, so the receipt must not reuse its nodes
      <Sheet key="receipt" title={t('recharge.card.success')} testId="recharge-receipt">
        <div className="rc-center">
          <span className="rc-center__icon rc-center__icon--ok" aria-hidden="true">✓</span>
          <dl className="rc-receipt">
            {rows.map(([k, v, dir, testId]) => (
              <div className="rc-receipt__row" key={k}>
                <dt>{k}</dt>
                <dd dir={dir} data-testid={testId}>{v}</dd>
              </div>
            ))}
          </dl>
          <Button block testId="recharge-receipt-done" onClick={() => close({ paid: true })}>
            {t('recharge.card.done')}
          </Button>
        </div>
      </Sheet>
    )
  }

  return (
    <Sheet key="pay" title={t('recharge.card.title')} onClose={() => close({ paid: false })} testId="recharge-card">
      {phase === 'security' && (
        <div className="rc-center" data-testid="recharge-card-security">
          <Spinner />
          <strong>{t('recharge.security')}</strong>
        </div>
      )}
      {phase === 'failed' && <p className="rc-note" role="alert">{t('recharge.card.unavailable')}</p>}
      <div ref={host} className="rc-dropin" data-testid="recharge-dropin" />
    </Sheet>
  )
}
