// The app-error overlay (SHELL-04): what shows when the app cannot start. Plain DOM, since React,
// the kernel or the strings may be what failed; loaded only then (errors.ts reportAppError).
import { page, redacted } from './errors.ts'
import { appLocale } from './i18n.ts'

const APP_ERROR_TEXT = {
  en: { title: 'Something went wrong', body: 'The app could not start. Check your connection and try again.', retry: 'Retry' },
  ar: { title: 'حدث خطأ ما', body: 'تعذّر تشغيل التطبيق. تحقّق من اتصالك وحاول مرة أخرى.', retry: 'إعادة المحاولة' },
}

/**
 * The app could not start (createKernel or mount threw): a plain-DOM overlay, since React, the
 * kernel or the strings may be what failed. Retry reloads the page.
 */
export function showAppError(err: unknown): HTMLElement {
  page.log('app load error', redacted(err))
  document.querySelector('[data-testid="app-error"]')?.remove()
  // the strings may never have loaded (nor <html lang> been set, it is 'en' as served): the locale
  // the app would speak; an Arabic page (the i18n's choice, kept in memory) stays Arabic
  const lang = document.documentElement.lang === 'ar' ? 'ar' : appLocale()
  const text = APP_ERROR_TEXT[lang]
  const box = document.createElement('div')
  box.setAttribute('data-testid', 'app-error')
  box.setAttribute('role', 'alertdialog')
  box.setAttribute('aria-modal', 'true')
  box.setAttribute('aria-labelledby', 'app-error-title')
  box.dir = lang === 'ar' ? 'rtl' : 'ltr'
  box.style.cssText =
    'position:fixed;inset:0;z-index:2147483000;display:flex;flex-direction:column;align-items:center;justify-content:center;' +
    'gap:14px;padding:32px;text-align:center;background:#16111f;color:#f7f2fb;' +
    "font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Arabic',Tahoma,sans-serif"
  box.innerHTML =
    '<svg width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="#ff3d7f" stroke-width="1.8" stroke-linecap="round" aria-hidden="true">' +
    '<circle cx="12" cy="12" r="10"/><path d="M12 7v6M12 16.5v.5"/></svg>'
  const title = document.createElement('h1')
  title.id = 'app-error-title'
  title.style.cssText = 'margin:0;font-size:19px;font-weight:700'
  title.textContent = text.title
  const body = document.createElement('p')
  body.style.cssText = 'margin:0;max-width:300px;color:#a99bb8'
  body.textContent = text.body
  const retry = document.createElement('button')
  retry.type = 'button'
  retry.setAttribute('data-testid', 'app-error-retry')
  retry.textContent = text.retry
  retry.style.cssText =
    'margin-top:8px;min-width:160px;height:44px;border:0;border-radius:22px;color:#fff;font:inherit;font-weight:600;' +
    'background:linear-gradient(135deg,#ff3d7f,#9b4dff);cursor:pointer'
  retry.addEventListener('click', () => page.reload())
  box.append(title, body, retry)
  document.body.appendChild(box)
  retry.focus()
  return box
}
