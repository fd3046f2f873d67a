// The VIP popup (the VIP unlock reminder): the shop in a sheet; a VIP purchase closes it (PAY-07).
import type { OverlayProps } from '../../kernel/types.ts'
import { useT } from '../../kernel/hooks.ts'
import { Sheet } from '../../kernel/ui/Sheet.tsx'
import { VipShop } from './VipShop.tsx'

export default function VipPopup({ props, close }: OverlayProps<{ source?: string }>) {
  const t = useT()
  return (
    <Sheet title={t('vip.title')} onClose={() => close()} testId="vip-popup">
      <VipShop source={props?.source ?? 'vipPopup'} onPaid={() => close(true)} />
    </Sheet>
  )
}
