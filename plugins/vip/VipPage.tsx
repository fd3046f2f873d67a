// /vip: the VIP shop page.
import { useRoute, useT } from '../../kernel/hooks.ts'
import { PageBar } from '../../kernel/ui/PageBar.tsx'
import { VipShop } from './VipShop.tsx'

export default function VipPage() {
  const { search } = useRoute()
  const t = useT()
  return (
    <>
      <PageBar title={t('vip.pageTitle')} />
      <VipShop source={search.get('source') || 'vip'} />
    </>
  )
}
