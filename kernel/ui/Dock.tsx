// The floating widgets' reserved edge (a discount pill, an offer countdown, the pay button, the
// crypto-payment badge...): each widget renders inside <Docked>, which puts it into one strip
// above the tab bar. They stack side by side instead of each choosing a corner, so none covers
// another, a card, or the tab bar; <html data-dock> tells the page to leave room for the strip.
// The strip can be collapsed to one button (it stays collapsed for the session).
import { useLayoutEffect, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { injectStyle } from '../style.ts'
import css from './dock.css'
import { useText } from './text.ts'

const COLLAPSED_KEY = 'dock.collapsed'
let strip: HTMLElement | null = null
let items = 0
let watcher: ResizeObserver | null = null
/** the strip's height as the browser last laid it out */
let height = 0

/** The page leaves room for the strip as tall as it really is (one row, or two on a narrow screen).
 *  The height comes from the resize observer, after the browser's own layout: read as each widget
 *  mounted, it forced a layout of the whole page inside React's commit (five times as the late
 *  plugins' widgets joined). The root's property is set only when it changes: each set restyles the page. */
function reserve() {
  if (!watcher && strip) height = strip.offsetHeight
  const collapsed = !strip || items === 0 || strip.classList.contains('k-dock--collapsed')
  const room = collapsed ? '0px' : `${height}px`
  const root = document.documentElement.style
  // unset is dock.css's 0px
  if ((root.getPropertyValue('--dock-h') || '0px') !== room) root.setProperty('--dock-h', room)
}

function dockElement(): HTMLElement {
  if (!strip || !strip.isConnected) {
    const el = (strip = document.createElement('div'))
    el.className = 'k-dock'
    el.dataset.testid = 'widget-dock'
    // inside the app's root (base.css isolates it): the overlays' layers there stay above the strip
    ;(document.getElementById('root') ?? document.body).appendChild(el)
    watcher?.disconnect()
    watcher =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            height = el.offsetHeight
            reserve()
          })
        : null
    watcher?.observe(el)
  }
  return strip
}

function sync(toggleLabel: string) {
  const el = dockElement()
  const collapsed = sessionStorage.getItem(COLLAPSED_KEY) === '1'
  el.classList.toggle('k-dock--collapsed', collapsed)
  let toggle = el.querySelector<HTMLButtonElement>(':scope > .k-dock__toggle')
  if (items > 0 && !toggle) {
    toggle = document.createElement('button')
    toggle.type = 'button'
    toggle.className = 'k-dock__toggle'
    toggle.dataset.testid = 'widget-dock-toggle'
    toggle.onclick = () => {
      sessionStorage.setItem(COLLAPSED_KEY, sessionStorage.getItem(COLLAPSED_KEY) === '1' ? '0' : '1')
      sync(toggleLabel)
    }
    el.appendChild(toggle)
  }
  if (toggle) {
    toggle.textContent = collapsed ? '‹' : '›'
    toggle.setAttribute('aria-label', toggleLabel)
    toggle.setAttribute('aria-expanded', String(!collapsed))
    if (!items) toggle.remove()
  }
  const root = document.documentElement
  if (items > 0) root.dataset.dock = collapsed ? 'collapsed' : 'open'
  else delete root.dataset.dock
  reserve()
}

/** Render children in the widgets' strip; `order` places it (lower first, from the strip's start). */
export function Docked({ children, order = 0 }: { children: ReactNode; order?: number }) {
  injectStyle(css)
  const toggleLabel = useText()('kernel-ui.dockToggle')
  useLayoutEffect(() => {
    items++
    sync(toggleLabel)
    return () => {
      items--
      sync(toggleLabel)
    }
  }, [toggleLabel])
  return createPortal(
    <div className="k-dock__item" style={{ order }}>
      {children}
    </div>,
    dockElement(),
  )
}
