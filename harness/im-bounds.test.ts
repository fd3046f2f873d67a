// The harness IM server keeps what a real one would: text and attachments of bounded size.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createImService } from './im.ts'
import { client, fakeCtx, serve, user } from './upgrade-test-kit.ts'

test('IM-02 HAR-02 harness IM refuses a one-megabyte attachment and an over-long text with 414, and still delivers a normal image message', async () => {
  const im = createImService(fakeCtx([user(1), user(2)]))
  const srv = await serve(im)
  try {
    let id = 0
    const c = await client(`${srv.base}/im`)
    const call = async (body: Record<string, unknown>) => {
      const rid = ++id
      c.send({ ...body, id: rid })
      for (;;) {
        const f = await c.next()
        if (f.id === rid) return f
      }
    }
    assert.ok((await call({ op: 'login', account: 'acc1', token: 'im-1' })).ok)
    const image = { url: 'https://cdn.example/callwall/chat/1.jpg', w: 640, h: 480, size: 51_200, ext: 'jpg' }
    const ok = await call({ op: 'send', to: 'acc2', message: { messageClientId: 'ok', messageType: 1, attachment: image } })
    assert.ok(ok.ok, 'an image message describes a file kept elsewhere (the code ran)')
    const big = await call({ op: 'send', to: 'acc2', message: { messageClientId: 'big', messageType: 1, attachment: { raw: 'x'.repeat(900_000) } } })
    assert.equal([big.ok, big.code], [false, 414])
    const long = await call({ op: 'send', to: 'acc2', message: { messageClientId: 'long', messageType: 0, text: 'y'.repeat(5001) } })
    assert.equal([long.ok, long.code], [false, 414])
    const history = await call({ op: 'history', to: 'acc2', limit: 50 })
    const ids = JSON.stringify(history.data)
    assert.ok(ids.includes('"ok"') && !ids.includes('"big"') && !ids.includes('"long"'), 'only the normal message was kept')
  } finally {
    await srv.close()
  }
})

test.run()
