// LIVE-07 on screen: the gift panel (bottom sheet): Popular, Exclusive and Lucky Gifts tabs, a
// grid of 4 per row, the balance chip (opens the recharge sheet), the Lucky Points banner for a
// lucky gift, the quantity (digits only, 1-99) with quick picks, and Send. LIVE-08: a lucky box
// gift shows the boxes owned and opens them.
import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { useKernel, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { Spinner } from '../../kernel/ui/Spinner.tsx'
import type { OverlayProps } from '../../kernel/types.ts'
import { rechargeRef } from '../recharge/api.ts'
import type { GiftPanelOptions } from './api.ts'
import { GiftType, isLucky, visibleTabs, type Gift, type GiftTab } from './catalogue.ts'
import { useGift } from './hooks.ts'
import { IconDiamond, IconGiftBox, LuckyBoxArt } from './icons.tsx'
import { QUICK_PICKS, quantityText } from './rules.ts'
import { BOXES_ID } from './state.ts'
import css from './gift.css'

injectStyle(css)

const tabKey: Record<GiftTab, string> = { Popular: 'gift.tab.popular', Exclusive: 'gift.tab.exclusive', 'Lucky Gift': 'gift.tab.lucky' }

export default function GiftPanel({ props: o, close }: OverlayProps<GiftPanelOptions>) {
  useSignals()
  const kernel = useKernel()
  const t = useT()
  const gift = useGift()
  const cat = gift.catalogue.value
  const balance = kernel.session.user.value?.diamondNum ?? 0
  const [tab, setTab] = useState<GiftTab>('Popular')
  const [picked, setPicked] = useState<Gift | null>(null)
  const [qty, setQty] = useState('1')
  const [picks, setPicks] = useState(false)
  const tabs = cat.status === 'ready' ? visibleTabs(cat.data, o.scene !== 'LIVE') : []
  const list = cat.status === 'ready' ? cat.data[tab] : []

  // openPanel loaded the list; a panel opened another way loads it here (never again after a failure: Retry does)
  useEffect(() => {
    if (gift.catalogue.peek().status === 'idle') void gift.load()
  }, [])
  useEffect(() => {
    if (picked?.type === GiftType.box) void gift.loadBoxes()
  }, [picked?.id])

  const recharge = () => {
    const scene = kernel.scene.peek()
    void kernel.get(rechargeRef)?.open({ source: 'giftclickout', inLive: !!scene.live, inCall: !!scene.call })
  }

  return (
    <div className="gf-panel" data-testid="gift-panel" role="dialog" aria-label={t('gift.title')}>
      <div className="gf-head">
        <div className="gf-tabs" role="tablist">
          {tabs.map((k) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} className={`gf-tab${tab === k ? ' gf-tab--on' : ''}`} data-testid={`gift-tab-${k === 'Lucky Gift' ? 'lucky' : k.toLowerCase()}`} onClick={() => setTab(k)}>
              {t(tabKey[k])}
            </button>
          ))}
        </div>
        <button type="button" className="gf-balance" data-testid="gift-balance" onClick={recharge}>
          <IconDiamond size={16} />
          <span data-testid="gift-balance-num">{balance.toLocaleString()}</span>
          <span className="gf-balance__plus" aria-hidden="true">+</span>
          {/* named by the number it shows, then what it does */}
          {' '}
          <span className="k-visually-hidden">{t('gift.recharge')}</span>
        </button>
      </div>
      {picked && isLucky(picked) && picked.type !== GiftType.box && (
        <p className="gf-lucky-banner" data-testid="gift-lucky-banner">
          {t('gift.luckyPoints')}
        </p>
      )}
      {picked?.type === GiftType.box && (
        <div className="gf-lucky-banner gf-boxes-row" data-testid="gift-boxes-row">
          <LuckyBoxArt size={24} />
          <span>{t('gift.boxesOwned', { n: gift.boxes.value ?? '…' })}</span>
          <button type="button" className="gf-link" data-testid="gift-boxes-open" disabled={!gift.boxes.value} onClick={() => void kernel.overlays.open(BOXES_ID)}>
            {t('gift.boxesOpen')}
          </button>
        </div>
      )}
      <div className="gf-body">
        {cat.status === 'loading' || cat.status === 'idle' ? (
          <div className="gf-state" data-testid="gift-loading">
            <Spinner label={t('gift.loading')} />
          </div>
        ) : cat.status === 'error' ? (
          <div className="gf-state" data-testid="gift-error" role="alert">
            <p>{t('gift.loadFailed')}</p>
            <button type="button" className="gf-btn gf-btn--ghost" data-testid="gift-retry" onClick={() => void gift.load(true)}>
              {t('gift.retry')}
            </button>
          </div>
        ) : list.length === 0 ? (
          <div className="gf-state" data-testid="gift-empty">
            <p>{t('gift.empty')}</p>
          </div>
        ) : (
          <ul className="gf-grid" data-testid="gift-grid">
            {list.map((g) => (
              <li key={g.id}>
                <button type="button" className={`gf-cell${picked?.id === g.id ? ' gf-cell--on' : ''}`} data-testid="gift-cell" data-gift={g.id} aria-pressed={picked?.id === g.id} onClick={() => setPicked(g)}>
                  {g.img ? <img className="gf-cell__img" src={g.img} alt="" loading="lazy" onError={(e) => e.currentTarget.classList.add('gf-cell__img--broken')} /> : <span className="gf-cell__img gf-cell__img--none" data-testid="gift-placeholder" aria-hidden="true"><IconGiftBox size={28} /></span>}
                  <bdi className="gf-cell__name">{g.name}</bdi>
                  <span className="gf-cell__price">
                    <IconDiamond size={11} />
                    {g.price.toLocaleString()}
                  </span>
                  {g.tab === 'Exclusive' && g.level > 0 && <span className="gf-cell__lv">{t('gift.level', { n: g.level })}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {gift.pending.value && (
        <p className="gf-pending" role="status" data-testid="gift-pending">
          {t('gift.pending')}
        </p>
      )}
      <div className="gf-foot">
        <div className="gf-qty">
          <input
            className="gf-qty__field"
            data-testid="gift-qty"
            inputMode="numeric"
            aria-label={t('gift.quantity')}
            value={qty}
            onChange={(e) => setQty(quantityText(e.target.value))}
            onBlur={() => setQty(String(Math.max(1, Number(qty) || 1)))}
          />
          <button type="button" className="gf-qty__more" data-testid="gift-qty-picks" aria-expanded={picks} aria-label={t('gift.quickPicks')} onClick={() => setPicks(!picks)}>
            ▴
          </button>
          {picks && (
            <ul className="gf-picks" data-testid="gift-picks">
              {QUICK_PICKS.map((n) => (
                <li key={n}>
                  <button type="button" data-testid="gift-pick" onClick={() => (setQty(String(n)), setPicks(false))}>
                    {n}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <button
          type="button"
          className="gf-btn gf-send"
          data-testid="gift-send"
          disabled={!picked || gift.sending.value}
          onClick={async () => {
            if (!picked) return
            const outcome = await gift.send(picked, qty, o)
            if (outcome === 'sent' && o.scene !== 'LIVE') close()
          }}
        >
          {gift.sending.value ? <Spinner size={16} /> : gift.combo.value && picked && isLucky(picked) ? t('gift.combo') : t('gift.send')}
        </button>
      </div>
    </div>
  )
}
