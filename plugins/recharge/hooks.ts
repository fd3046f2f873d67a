// The choose-and-pay state both the page and the sheet use: the chosen item and pay method
// (taken at once when there is only one, PAY-01), the busy flag, and the balance refresh.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useKernel } from '../../kernel/hooks.ts'
import { useSignalValue } from '../../kernel/hooks.ts'
import type { PayMethodSku, RechargeItem } from './api.ts'
import { autoMethod, canPay, offeredItems } from './rules.ts'
import { rechargeService, type PayContext, type PayOutcome } from './state.ts'
import { isVip as userIsVip } from '../../kernel/protocol/user.ts'

export function usePurchase(ctx: PayContext) {
  const kernel = useKernel()
  const service = rechargeService(kernel)
  const template = useSignalValue(service.template)
  const status = useSignalValue(service.status)
  const user = useSignalValue(kernel.session.user)
  const [item, setItem] = useState<RechargeItem | null>(null)
  const [method, setMethod] = useState<PayMethodSku | null>(null)
  const [busy, setBusy] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  // a method the user picked carries over to another item; one taken automatically does not
  const picked = useRef<PayMethodSku | null>(null)

  useEffect(() => void service.load(), [service])

  const isVip = userIsVip(user, Date.now())
  const items = useMemo(() => offeredItems(template?.skuList ?? [], { inCall: ctx.inCall, isVip }), [template, ctx.inCall, isVip])
  const methods = useMemo(() => (item ? service.methodsFor(item, ctx) : []), [item, service, ctx.inCall, ctx.inLive])

  // a fresh template (after a purchase) replaces the chosen item with its new self
  useEffect(() => {
    if (item && !items.some((i) => i.id === item.id)) setItem(null)
    else if (item) setItem(items.find((i) => i.id === item.id) ?? null)
  }, [items])

  const choose = (next: RechargeItem) => {
    setItem(next)
    const ms = service.methodsFor(next, ctx)
    const kept = picked.current && ms.find((m) => m.payMethodType === picked.current!.payMethodType)
    setMethod(autoMethod(ms) ?? kept ?? null)
  }
  const pick = (m: PayMethodSku) => {
    picked.current = m
    setMethod(m)
  }

  const pay = async (): Promise<PayOutcome | null> => {
    if (!item || !method || busy) return null
    setBusy(true)
    try {
      return await service.pay(item, method, ctx)
    } finally {
      setBusy(false)
    }
  }

  const refresh = async () => {
    setRefreshing(true)
    try {
      await service.refreshBalance()
    } catch {
      // the api client already said what went wrong
    } finally {
      setRefreshing(false)
    }
  }

  return {
    service,
    status,
    template,
    items,
    item,
    methods,
    method,
    busy,
    refreshing,
    /** the selector is skipped with a single method */
    showMethods: !!item && methods.length > 1,
    payable: canPay(item, method, busy),
    choose,
    setMethod: pick,
    pay,
    refresh,
  }
}
