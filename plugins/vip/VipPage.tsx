// /vip: the VIP shop page.
import { useRoute } from '../../kernel/hooks.ts'
import { VipShop } from './VipShop.tsx'

export default function VipPage() {
  const { search } = useRoute()
  return <VipShop source={search.get('source') || 'vip'} />
}
