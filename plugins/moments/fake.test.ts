import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startTestHarness, TEST_TOKEN, type TestHarness } from '../../harness/testing.ts'
import { Code } from '../../kernel/protocol/envelope.ts'
import { COMMENT_MAX, MomentsPath } from './paths.ts'

let h: TestHarness
test.before(async () => {
  h = await startTestHarness({ plugins: ['shell', 'wall', 'moments'] })
})
test.after(async () => {
  await h.close()
})
test.before.each(async () => {
  await h.control('POST', '/__harness/reset')
})

const api = (path: string, payload: unknown = {}, token: string | null = TEST_TOKEN) => h.api(path, payload, { token })

/** a post with more than 10 comments */
async function busyPost() {
  const feed = (await api(MomentsPath.feed, { currentPage: 1, pageSize: 50 })).data.list
  return feed.find((m: any) => m.commentNum > 10)
}

test('ENG-08 harness: a post in detail; its comments newest first, 10 a page after the offset id, as many as its count says', async () => {
  const post = await busyPost()
  assert.ok(post, 'a seeded post with more than 10 comments')
  const detail = (await api(MomentsPath.detail, { id: post.id })).data
  assert.equal([detail.id, detail.commentNum, detail.likeNum, detail.isLike], [post.id, post.commentNum, post.likeNum, false])
  const first = (await api(MomentsPath.comments, { id: post.id, pageSize: 10 })).data
  assert.is(first.list.length, 10)
  assert.is(first.total, post.commentNum)
  assert.ok(first.list.every((c: any, i: number, a: any[]) => i === 0 || a[i - 1].id > c.id), 'newest first')
  const next = (await api(MomentsPath.comments, { id: post.id, pageSize: 10, offsetId: first.list[9].id })).data
  assert.is(next.list.length, Math.min(10, post.commentNum - 10))
  assert.ok(next.list.every((c: any) => c.id < first.list[9].id))
  assert.is((await api(MomentsPath.detail, { id: 1 })).body.code, Code.refused)
})

test('ENG-08 harness: a comment is kept as typed (HTML stays text), counted, and refused when blank or longer than 200; a like counts once per user', async () => {
  const post = await busyPost()
  const html = '<img src=x onerror=alert(1)><b>hi</b>'
  const sent = (await api(MomentsPath.comment, { id: post.id, content: `  ${html}  ` })).data
  assert.equal([sent.comment.content, sent.comment.userId, sent.commentNum], [html, 100001, post.commentNum + 1])
  const top = (await api(MomentsPath.comments, { id: post.id, pageSize: 10 })).data.list[0]
  assert.is(top.content, html)
  assert.is((await api(MomentsPath.comment, { id: post.id, content: '   ' })).body.code, Code.refused)
  assert.is((await api(MomentsPath.comment, { id: post.id, content: 'x'.repeat(COMMENT_MAX + 1) })).body.code, Code.refused)
  assert.is((await api(MomentsPath.comment, { id: post.id, content: 'hi' }, null)).body.code, Code.needLogin)

  const liked = (await api(MomentsPath.like, { id: post.id, likeType: 1 })).data
  assert.equal(liked, { id: post.id, isLike: true, likeNum: post.likeNum + 1 })
  assert.is((await api(MomentsPath.like, { id: post.id, likeType: 1 })).data.likeNum, post.likeNum + 1, 'a second like counts nothing')
  assert.is((await api(MomentsPath.detail, { id: post.id })).data.isLike, true)
  assert.is((await api(MomentsPath.like, { id: post.id, likeType: 2 })).data.likeNum, post.likeNum)
  assert.is((await api(MomentsPath.like, { id: post.id, likeType: 3 })).body.code, Code.refused)
})

test.run()
