// One host on the wall: a tall portrait with status, grade, name, age, country and price.
// It reads its host from the one store, so a status push repaints it wherever it is listed.
import { memo, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import type { Country, Host } from './api.ts'
import type { WallState } from './state.ts'
import { safeImageUrl } from '../../kernel/url.ts'
import { Sprite } from '../../kernel/ui/sprite.tsx'
import { IconLiveBars } from './icons.tsx'

export interface HostCardProps {
  state: WallState
  userId: number
  index: number
  t: (key: string, params?: Record<string, unknown>) => string
  onOpen: (host: Host, index: number) => void
}

function Flag({ country }: { country: Country }) {
  // the server may send an emoji or an image (through the one URL check); the code makes an emoji when neither came
  const img = safeImageUrl(country.flag)
  if (img) return <img className="wl-flag wl-flag--img" src={img} alt="" />
  // a refused URL is not an emoji either
  const emoji = (!/[:/]/.test(country.flag) && country.flag) || codeToFlag(country.code)
  return emoji ? <span className="wl-flag" aria-hidden="true">{emoji}</span> : null
}

function codeToFlag(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return ''
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65))
}

export const HostCard = memo(function HostCard({ state, userId, index, t, onOpen }: HostCardProps) {
  useSignals()
  const host = state.host(userId).value
  const countries = state.countries.value
  const [broken, setBroken] = useState<string | null>(null)
  if (!host) return null
  // the country list is a secondary load (NET-09): until it arrives, the flag of the row's own code
  // shows alone (never the bare code as a name; a warm start has the cached names at once)
  const country =
    (host.countryId !== null ? countries.get(host.countryId) : undefined) ??
    (host.countryCode ? { id: host.countryId ?? 0, code: host.countryCode, name: '', flag: '' } : undefined)
  const statusText = t(`wall.status.${host.status}`)
  const initial = Array.from(host.nickname.trim())[0]?.toUpperCase() ?? ''
  return (
    <button
      type="button"
      className={`wl-card wl-card--${host.status}`}
      data-testid="host-card"
      data-host-id={host.userId}
      data-status={host.status}
      onClick={() => onOpen(host, index)}
    >
      {host.icon && broken !== host.icon ? (
        <img className="wl-card__img" src={host.icon} alt="" loading="lazy" decoding="async" onError={() => setBroken(host.icon)} />
      ) : (
        <span className="wl-card__img wl-card__img--none" aria-hidden="true">
          {initial}
        </span>
      )}
      <span className="wl-card__shade" aria-hidden="true" />

      <span className={`wl-status wl-status--${host.status}`} data-testid="host-status">
        {host.status === 'live' ? <IconLiveBars /> : <span className="wl-status__dot" />}
        {statusText}
      </span>
      {host.grade && (
        <span className={`wl-grade wl-grade--${host.grade.toLowerCase()}`} title={t('wall.grade', { grade: host.grade })}>
          {host.grade}
        </span>
      )}

      <span className="wl-card__info">
        <span className="wl-card__name">
          <bdi className="wl-card__nick" title={host.nickname}>
            {host.nickname}
          </bdi>
          {host.age !== null && <span className="wl-card__age">{t('wall.age', { age: host.age })}</span>}
        </span>
        <span className="wl-card__meta">
          {country ? (
            <span className="wl-card__country" title={country.name || undefined}>
              <Flag country={country} />
              <bdi className="wl-card__country-name">{country.name}</bdi>
            </span>
          ) : (
            <span />
          )}
          <span className="wl-card__price" aria-label={t('wall.priceLabel', { n: host.videoPrice })}>
            <Sprite id="wl-diamond" size={13} />
            <bdi>{t('wall.pricePerMin', { price: host.videoPrice })}</bdi>
          </span>
        </span>
      </span>
    </button>
  )
})

/** Placeholder cards while the first page loads. */
export function HostSkeletons({ count = 6 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="wl-card wl-card--skeleton" data-testid="host-skeleton" aria-hidden="true">
          <span className="wl-skel wl-skel--pill" />
          <span className="wl-card__info">
            <span className="wl-skel wl-skel--line" />
            <span className="wl-skel wl-skel--short" />
          </span>
        </span>
      ))}
    </>
  )
}
