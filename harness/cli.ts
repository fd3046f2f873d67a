// npm run harness -- <command>: steer a running harness through its control API.
//   scenario <name> [--wait]        run a scenario (list them with: scenarios)
//   scenarios                       list scenarios
//   reset                           reset the state from fixtures
//   hosts                           list hosts and their status
//   status <userId> <live|online|busy|offline>
//   users                           list viewers (tokens, balances)
//   balance <userId> <diamondNum>   set a balance (through the ledger)
//   push <userId|all> <pushType> <json>   send a push; push <userId> raw '<text>' sends a raw frame
//   ledger [userId]                 ledger rows and the invariant check
//   settings [json]                 show or change settings
// Options: --url http://127.0.0.1:5173 (default http://127.0.0.1:$PORT or 5173)
const args = process.argv.slice(2)
const flag = (name: string) => {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const [, value] = args.splice(i, 2)
  return value
}
const waitFlag = args.includes('--wait') ? (args.splice(args.indexOf('--wait'), 1), true) : false
const base = (flag('--url') ?? `http://127.0.0.1:${process.env.PORT ?? 5173}`).replace(/\/$/, '')
const [command, ...rest] = args

function json(text: string | undefined, what: string): unknown {
  if (text === undefined) throw new Error(`${what} is missing`)
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`${what} is not valid JSON: ${text}`)
  }
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  let res: Response
  try {
    res = await fetch(base + '/__harness' + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
  } catch {
    throw new Error(`no harness answers at ${base} (start it with npm start, or pass --url)`)
  }
  const out = await res.json()
  if (!res.ok) throw new Error(`${res.status}: ${out.error ?? JSON.stringify(out)}`)
  return out
}

async function main() {
  switch (command) {
    case 'scenario':
      if (!rest[0]) throw new Error('usage: scenario <name> [--wait]')
      return call('POST', `/scenarios/${encodeURIComponent(rest[0])}`, { wait: waitFlag })
    case 'scenarios':
      return call('GET', '/scenarios')
    case 'reset':
      return call('POST', '/reset')
    case 'hosts': {
      const hosts = (await call('GET', '/hosts')) as Array<{ userId: number; nickname: string; status: string }>
      return hosts.map((h) => `${h.userId}  ${h.status.padEnd(7)}  ${h.nickname}`).join('\n')
    }
    case 'status':
      return call('POST', `/hosts/${rest[0]}/status`, { status: rest[1] })
    case 'users':
      return call('GET', '/users')
    case 'balance':
      return call('POST', `/users/${rest[0]}/balance`, { diamondNum: Number(rest[1]) })
    case 'push': {
      const [userId, pushType, data] = rest
      if (!userId || !pushType) throw new Error('usage: push <userId|all> <pushType> <json>  or  push <userId> raw <text>')
      const message = pushType === 'raw' ? { raw: data ?? '' } : { pushType, data: data === undefined ? {} : json(data, 'push data') }
      return call('POST', '/push', { userId: userId === 'all' ? 'all' : Number(userId), message })
    }
    case 'ledger':
      return call('GET', `/ledger${rest[0] ? `?userId=${rest[0]}` : ''}`)
    case 'settings':
      return rest[0] ? call('POST', '/settings', json(rest[0], 'settings')) : call('GET', '/settings')
    default:
      throw new Error(`unknown command ${command ?? '(none)'}; see the top of harness/cli.ts or the harness README`)
  }
}

main().then(
  (out) => console.log(typeof out === 'string' ? out : JSON.stringify(out, null, 2)),
  (err) => {
    console.error(`harness: ${(err as Error).message}`)
    process.exit(1)
  },
)
