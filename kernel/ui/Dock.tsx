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

/** the page leaves room for the strip as tall as it really is (one row, or two on a narrow screen) */
function reserve() {
  const collapsed = !strip || items === 0 || strip.classList.contains('k-dock--collapsed')
  document.documentElement.style.setProperty('--dock-h', collapsed ? '0px' : `${strip!.offsetHeight}px`)
}

function dockElement(): HTMLElement {
  if (!strip || !strip.isConnected) {
    strip = document.createElement('div')
    strip.className = 'k-dock'
    strip.dataset.testid = 'widget-dock'
    // inside the app's root (base.css isolates it): the overlays' layers there stay above the strip
    ;(document.getElementById('root') ?? document.body).appendChild(strip)
    watcher?.disconnect()
    watcher = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : null
    watcher?.observe(strip)
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
