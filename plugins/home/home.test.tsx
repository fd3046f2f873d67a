import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTestKernel, httpStatus } from '../../kernel/testing.tsx'
import { byId, click } from '../shell/testkit.tsx'
import { waitFor } from '../../test/wait.ts'
import home from './index.ts'
import { ANCHOR_LIST_PATH } from './hosts.ts'

const host = (id: number) => ({ userId: id, yxAccid: `host_${id}`, nickname: `Host ${id}`, icon: '', age: 22, videoPrice: 60, onlineStatus: 1 })

test('SHELL-05 the home tab shows the online hosts from the anchor list and starts matching', async () => {
  const t = createTestKernel({ plugins: [home], path: '/', api: (path) => (path === ANCHOR_LIST_PATH ? { list: [host(1), host(2), { nickname: 'no id' }], currentPage: 1, pageSize: 12, total: 2 } : undefined) })
  await t.render()
  await waitFor(() => byId('home-online'), { what: 'home-online' })
  assert.is(byId('home-online')!.children.length, 2, 'a row without an id is skipped')
  assert.equal(t.requests[0].payload.onlineStatus, 1)
  await click('home-host-2')
  assert.is(t.location.path(), '/detail')
  assert.is(t.location.search().get('id'), '2')
  t.location.navigate('/')
  await waitFor(() => byId('home-start'), { what: 'home-start' })
  await click('home-start')
  assert.is(t.location.path(), '/wall')
  t.dispose()
})

test('SHELL-05 the home strip has empty and error states', async () => {
  const empty = createTestKernel({ plugins: [home], path: '/', api: () => ({ list: [], currentPage: 1, pageSize: 12, total: 0 }) })
  await empty.render()
  assert.ok(await waitFor(() => byId('home-empty'), { what: 'home-empty' }))
  empty.dispose()
  document.body.innerHTML = ''
  const down = createTestKernel({ plugins: [home], path: '/', api: () => httpStatus(500) })
  await down.render()
  assert.ok(await waitFor(() => byId('home-error'), { what: 'home-error' }))
  down.dispose()
})

test.after.each(() => {
  document.body.innerHTML = ''
})

test.run()
