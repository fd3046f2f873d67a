// ENG-07: /game?url=: a game (or a backend link that is neither the app's nor its own H5, SHELL-14)
// full page, under a bar that always offers the way back.
import { useKernel, useRoute, useT } from '../../kernel/hooks.ts'
import { injectStyle } from '../../kernel/style.ts'
import { goBackOrHome, PageBar } from '../../kernel/ui/PageBar.tsx'
import { GameFrame } from './GameFrame.tsx'
import css from './game.css'

export default function GamePage() {
  injectStyle(css)
  const kernel = useKernel()
  const t = useT()
  const { search } = useRoute()
  const url = search.get('url') ?? ''
  const close = () => goBackOrHome(kernel)
  return (
    <main className="gm-page gm-page--play" data-testid="game-page">
      <PageBar title={search.get('name') || t('game.title')} onBack={close} />
      <GameFrame link={url} name={search.get('name') ?? undefined} onClose={close} source="game" />
    </main>
  )
}
