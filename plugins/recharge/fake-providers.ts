// The fake payment providers (HAR-04), served by the harness on loopback:
//  - a hosted approval page (PayPal-like; also UPI and the other redirect channels):
//    GET /__harness/pay/page?order=<orderCode> with Approve and Cancel, which lead to
//    GET /__harness/pay/decide?order=..&approve=1|0 and on to frontCallbackUrl with the signed result;
//  - a card drop-in script, GET /__harness/pay/card/dropin.js, rendering a card form that posts to
//    POST /__harness/pay/card/confirm {intentId, clientSecret, cardNumber, expiry, cvc};
//  - the app store: fake-store.ts.
import { Code } from '../../kernel/protocol/envelope.ts'
import { EndpointError, type HarnessContext, RawReply } from '../../harness/slice-kit.ts'
import { close, needOrder, recordProvider, returnUrl, sign, type OrderRow } from './fake-orders.ts'
import { notifyPaid } from './fake-webhook.ts'
import { PayMethod } from './api.ts'

const refuse = (msg: string) => new EndpointError(Code.refused, msg)

/** Test cards of the drop-in (documented in the harness README section of this plugin). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const

const escape = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The approval page's words: a real provider's page speaks the buyer's language, which the merchant
 *  passes with the order (here the createOrder request's Accept-Language, kept on the order). */
const PAGE_TEXT = {
  en: {
    harness: 'harness',
    unknownOrder: 'Unknown order',
    noOrder: 'No order {code}.',
    order: 'Order {code}',
    state: 'This order is {state}.',
    states: { pending: 'waiting for payment', paid: 'paid', failed: 'failed', cancelled: 'cancelled', expired: 'expired' },
    back: 'Back to the app',
    cancel: 'Cancel',
    approve: 'Approve',
  },
  ar: {
    harness: 'بيئة الاختبار',
    unknownOrder: 'طلب غير معروف',
    noOrder: 'لا يوجد طلب {code}.',
    order: 'الطلب {code}',
    state: 'حالة هذا الطلب: {state}.',
    states: { pending: 'بانتظار الدفع', paid: 'مدفوع', failed: 'فشل', cancelled: 'ملغى', expired: 'منتهي الصلاحية' },
    back: 'العودة إلى التطبيق',
    cancel: 'إلغاء',
    approve: 'موافقة',
  },
} as const
type PageLang = keyof typeof PAGE_TEXT

/** the page's language: ?lang= (the link the order answered), else the order's, else English */
const pageLang = (...candidates: unknown[]): PageLang => (candidates.find((l) => l === 'en' || l === 'ar') as PageLang | undefined) ?? 'en'
const say = (text: string, params: Record<string, string> = {}) => text.replace(/\{(\w+)\}/g, (_, k: string) => escape(params[k] ?? ''))

const providerName = (o: OrderRow, lang: PageLang) => `${o.payMethodType === PayMethod.PAYPAL ? 'PayPal' : o.payMethodType} (${PAGE_TEXT[lang].harness})`

function page(lang: PageLang, title: string, body: string, status = 200): RawReply {
  return new RawReply(
    `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>
body{font:16px system-ui,'Noto Sans Arabic',Tahoma,sans-serif;margin:0;background:#f5f7fb;color:#1c2230}main{max-width:420px;margin:0 auto;padding:32px 20px}
h1{font-size:22px}.amount{font-size:32px;font-weight:700;margin:12px 0}.row{display:flex;gap:12px;margin-top:24px}
a.btn{flex:1;display:block;text-align:center;padding:14px;border-radius:24px;text-decoration:none;font-weight:600}
.ok{background:#0070ba;color:#fff}.no{background:#e3e7ef;color:#1c2230}.muted{color:#667}bdi{unicode-bidi:isolate}</style></head>
<body><main>${body}</main></body></html>`,
    'text/html; charset=utf-8',
    status,
  )
}

/** $9.99 in both languages, as the app shows prices (Latin digits), kept left to right in Arabic */
const money = (amount: number) => `<bdi dir="ltr">$${amount.toFixed(2)}</bdi>`

/** GET /__harness/pay/page?order=..&lang=..: the provider's approval page, in the buyer's language. */
export function approvalPage(ctx: HarnessContext, params: URLSearchParams): RawReply {
  const code = params.get('order') ?? ''
  let order: OrderRow
  try {
    order = needOrder(ctx, code)
  } catch {
    const T = PAGE_TEXT[pageLang(params.get('lang'))]
    return page(pageLang(params.get('lang')), T.unknownOrder, `<h1>${T.unknownOrder}</h1><p class="muted">${say(T.noOrder, { code })}</p>`, 404)
  }
  const lang = pageLang(params.get('lang'), order.lang)
  const T = PAGE_TEXT[lang]
  const orderLine = say(T.order, { code: order.orderCode })
  if (order.state !== 'pending') {
    return page(
      lang,
      orderLine,
      `<h1>${orderLine}</h1><p data-testid="pay-state" data-state="${escape(order.state)}">${say(T.state, { state: T.states[order.state] })}</p><a class="btn no" href="${escape(returnUrl(ctx, order, order.state === 'paid'))}">${T.back}</a>`,
    )
  }
  const decide = (approve: boolean) => `/__harness/pay/decide?order=${encodeURIComponent(order.orderCode)}&approve=${approve ? 1 : 0}`
  return page(
    lang,
    providerName(order, lang),
    `<h1>${escape(providerName(order, lang))}</h1><p class="muted"><bdi>${orderLine}</bdi> · <bdi>${escape(order.productId)}</bdi></p>
<div class="amount" data-testid="pay-amount">${money(order.price)}</div>
<div class="row"><a class="btn no" data-testid="pay-cancel" href="${decide(false)}">${T.cancel}</a><a class="btn ok" data-testid="pay-approve" href="${decide(true)}">${T.approve}</a></div>`,
  )
}

/** GET /__harness/pay/decide?order=..&approve=1|0: record the decision and go back to the app with the signed result. */
export function decide(ctx: HarnessContext, params: URLSearchParams): RawReply {
  const order = needOrder(ctx, params.get('order'))
  const approve = params.get('approve') === '1'
  if (order.state === 'pending') {
    recordProvider(ctx, order.orderCode, approve, { via: 'page' })
    if (approve) notifyPaid(ctx, order.orderCode)
    if (!approve) close(ctx, order.orderCode, 'cancelled', 'cancelled at the provider')
  }
  const now = needOrder(ctx, order.orderCode)
  return new RawReply('', 'text/plain', 302, { location: returnUrl(ctx, now, approve && now.state !== 'cancelled') })
}

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

export interface CardAnswer {
  status: 'succeeded' | 'declined' | 'failed'
  message?: string
  orderCode: string
  transactionId?: string
  paidAt?: number
  amount?: number
}

/** POST /__harness/pay/card/confirm: the drop-in submits a card (or an Apple Pay tap: card 'applepay'). */
export function confirmCard(ctx: HarnessContext, body: any, now = Date.now()): CardAnswer {
  const intentId = String(body?.intentId ?? '')
  const order = needOrder(ctx, intentId.replace(/^int_/, ''))
  if (body?.clientSecret !== sign(ctx, `intent:${order.orderCode}`)) throw refuse('client secret does not match the payment intent')
  if (order.state === 'paid') return { status: 'succeeded', orderCode: order.orderCode, transactionId: order.transactionId, paidAt: order.paidAt, amount: order.price }
  if (order.state !== 'pending') throw refuse(`order ${order.orderCode} is ${order.state}`)
  const wallet = body?.cardNumber === 'applepay'
  if (!wallet) {
    const digits = String(body?.cardNumber ?? '').replace(/[\s-]/g, '')
    if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) throw refuse('Card number is invalid')
    const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(String(body?.expiry ?? '').trim())
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) throw refuse('Expiry must be MM/YY')
    const d = new Date(now)
    const expired = 2000 + Number(m[2]) < d.getUTCFullYear() || (2000 + Number(m[2]) === d.getUTCFullYear() && Number(m[1]) < d.getUTCMonth() + 1)
    if (expired) throw refuse('Card has expired')
    if (!/^\d{3,4}$/.test(String(body?.cvc ?? ''))) throw refuse('Security code must be 3 or 4 digits')
    // a refused card leaves the order pending: the user may try another card
    if (digits === TEST_CARDS.declined) {
      recordProvider(ctx, order.orderCode, false, { via: 'card', outcome: 'declined' })
      return { status: 'declined', message: 'Your card was declined', orderCode: order.orderCode }
    }
    if (digits === TEST_CARDS.insufficientFunds) {
      recordProvider(ctx, order.orderCode, false, { via: 'card', outcome: 'insufficient_funds' })
      return { status: 'failed', message: 'Insufficient funds', orderCode: order.orderCode }
    }
    if (digits !== TEST_CARDS.success) {
      recordProvider(ctx, order.orderCode, false, { via: 'card', outcome: 'unknown_card' })
      return { status: 'declined', message: `Unknown test card; use ${TEST_CARDS.success}`, orderCode: order.orderCode }
    }
  }
  recordProvider(ctx, order.orderCode, true, { via: wallet ? 'applepay' : 'card' })
  notifyPaid(ctx, order.orderCode, now)
  const paid = needOrder(ctx, order.orderCode)
  return { status: 'succeeded', orderCode: paid.orderCode, transactionId: paid.transactionId ?? `TXN${sign(ctx, `txn:${paid.orderCode}`).slice(0, 12).toUpperCase()}`, paidAt: paid.paidAt ?? now, amount: paid.price }
}

/** The drop-in's own words, as a real provider's drop-in speaks the locale it is mounted with; the
 *  provider's answers (English, as the confirm endpoint gives them) are translated by their text. */
const DROPIN_TEXT = {
  en: {
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code',
    pay: 'Pay',
    applePay: 'Pay with Apple Pay',
    network: 'Network error. Please try again.',
  },
  ar: {
    cardNumber: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvc: 'رمز الأمان',
    pay: 'ادفع',
    applePay: 'الدفع عبر Apple Pay',
    network: 'خطأ في الشبكة. حاول مرة أخرى.',
    'Card number is invalid': 'رقم البطاقة غير صالح',
    'Expiry must be MM/YY': 'يجب أن يكون تاريخ الانتهاء بصيغة شهر/سنة',
    'Card has expired': 'انتهت صلاحية البطاقة',
    'Security code must be 3 or 4 digits': 'يجب أن يتكون رمز الأمان من 3 أو 4 أرقام',
    'Your card was declined': 'تم رفض بطاقتك',
    'Insufficient funds': 'الرصيد غير كافٍ',
    'Unknown test card': 'بطاقة اختبار غير معروفة',
  },
} as const

/** The drop-in script: window.HarnessDropIn.mount(element, {intentId, clientSecret, methods, locale, onSuccess, onError}). */
export function dropInScript(ctx: HarnessContext): RawReply {
  const confirmUrl = `${ctx.baseUrl()}/__harness/pay/card/confirm`
  const js = `(function(){
var CONFIRM=${JSON.stringify(confirmUrl)};
var TEXT=${JSON.stringify(DROPIN_TEXT)};
function el(tag,attrs,text){var e=document.createElement(tag);for(var k in attrs)e.setAttribute(k,attrs[k]);if(text)e.textContent=text;return e}
function mount(root,o){
  var lang=TEXT[o.locale]?o.locale:'en';var T=TEXT[lang];
  function say(m){m=String(m||'');var k=m.split(';')[0];return T[k]||TEXT.en[k]||m}
  root.innerHTML='';var form=el('form',{'data-testid':'dropin-form','class':'hd-form',lang:lang,dir:lang==='ar'?'rtl':'ltr'});
  var wallet=(o.methods||[]).indexOf('applepay')>=0;
  var fields=wallet?[]:[['cardNumber',T.cardNumber,'4242 4242 4242 4242','cc-number'],['expiry',T.expiry,'12/30','cc-exp'],['cvc',T.cvc,'123','cc-csc']];
  var inputs={};
  fields.forEach(function(f){var l=el('label',{},f[1]);var i=el('input',{name:f[0],placeholder:f[2],autocomplete:f[3],inputmode:'numeric','data-testid':'dropin-'+f[0]});l.appendChild(i);form.appendChild(l);inputs[f[0]]=i});
  var err=el('p',{'data-testid':'dropin-error',role:'alert','class':'hd-error'});form.appendChild(err);
  var btn=el('button',{type:'submit','data-testid':'dropin-pay'},o.payLabel||(wallet?T.applePay:T.pay));form.appendChild(btn);
  form.onsubmit=function(ev){ev.preventDefault();btn.disabled=true;err.textContent='';
    var body={intentId:o.intentId,clientSecret:o.clientSecret,cardNumber:wallet?'applepay':inputs.cardNumber.value,expiry:wallet?'':inputs.expiry.value,cvc:wallet?'':inputs.cvc.value};
    fetch(CONFIRM,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)}).then(function(r){return r.json()}).then(function(a){
      btn.disabled=false;
      if(a.error){err.textContent=say(a.error);o.onError&&o.onError({message:a.error,kind:'invalid'});return}
      if(a.status==='succeeded'){o.onSuccess&&o.onSuccess(a);return}
      err.textContent=say(a.message||a.status);o.onError&&o.onError({message:a.message||a.status,kind:a.status});
    },function(e){btn.disabled=false;err.textContent=T.network;o.onError&&o.onError({message:String(e),kind:'network'})});
  };
  root.appendChild(form);
  return function(){root.innerHTML=''};
}
window.HarnessDropIn={mount:mount};
})();`
  return new RawReply(js, 'text/javascript; charset=utf-8')
}
