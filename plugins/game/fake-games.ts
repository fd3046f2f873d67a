// The harness's own HTML5 games (ENG-07): a wheel, a slot and dice, one small page each, served by
// the harness as a game provider would. They speak the app's message protocol (api.ts GameEvent):
// they post { event: 'loadDone' | 'recharge' | 'back' } to the parent and show the balance the
// parent sends ({ event: 'coinBalance', balance }). A spin calls the provider's spend entry with
// the user's id and IM token from the game URL; the harness moves the diamonds through its ledger.
// A behaviour set by control entry 'game/behaviour' makes a game hostile, for the app's tests.
import { RawReply } from '../../harness/slice-kit.ts'

export type GameKind = 'wheel' | 'slot' | 'dice'
/** normal; never posts load done; posts malformed messages; a frame of another origin posts;
 *  navigates away to another origin after load */
export type GameMode = 'normal' | 'noLoadDone' | 'malformed' | 'foreign' | 'navigate'
export const GAME_MODES: GameMode[] = ['normal', 'noLoadDone', 'malformed', 'foreign', 'navigate']

/** the stakes a spin may bet (the spend entry refuses others) */
export const BETS = [100, 500, 1000]

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const CSS = `*{box-sizing:border-box}html,body{margin:0;height:100%;font:15px system-ui,sans-serif;color:#fff}
body{background:radial-gradient(circle at 50% 0,#5b2a86,#1b0f2e 70%);display:flex;flex-direction:column;align-items:center;gap:12px;padding:14px}
h1{margin:0;font-size:18px;letter-spacing:.5px}.bal{background:#0006;border-radius:99px;padding:6px 14px;font-weight:600}
.stage{flex:1;min-height:120px;display:flex;flex-direction:column;align-items:center;justify-content:center;width:100%}
.ptr{width:0;height:0;border-left:12px solid transparent;border-right:12px solid transparent;border-top:20px solid #fff;margin-bottom:-8px;z-index:1;filter:drop-shadow(0 2px 2px #0008)}
.wheel{width:150px;height:150px;border-radius:50%;border:6px solid #ffd54a;background:conic-gradient(#ff5a7a 0 60deg,#ffb13b 0 120deg,#46d39a 0 180deg,#3fa7ff 0 240deg,#a66bff 0 300deg,#ff7ad1 0 360deg);transition:transform 1s cubic-bezier(.2,.8,.2,1)}
.reels{display:flex;gap:8px}.reel{width:62px;height:78px;border-radius:12px;background:#fff;color:#222;font-size:40px;display:flex;align-items:center;justify-content:center}
.row{display:flex;gap:8px;flex-wrap:wrap;justify-content:center}button{font:inherit;font-weight:600;border:0;border-radius:99px;padding:10px 18px;color:#1b0f2e;background:#ffd54a}
button.ghost{background:#ffffff26;color:#fff}button.bet[aria-pressed=true]{outline:3px solid #fff}.msg{min-height:1.4em;text-align:center}`

/** one game's page; `foreignBase` is this harness under its other loopback name (another origin) */
export function gamePage(o: { gameId: number; name: string; kind: GameKind; mode: GameMode; spendUrl: string; foreignBase: string }): RawReply {
  const cfg = JSON.stringify({ gameId: o.gameId, kind: o.kind, mode: o.mode, spendUrl: o.spendUrl, awayUrl: `${o.foreignBase}/__harness/game/away?post=1`, bets: BETS })
  const stage =
    o.kind === 'wheel' ? '<div class="ptr" aria-hidden="true"></div><div class="wheel" id="wheel"></div>' : `<div class="reels">${(o.kind === 'dice' ? ['⚀', '⚀'] : ['🍒', '🍋', '⭐']).map((s) => `<div class="reel">${s}</div>`).join('')}</div>`
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(o.name)}</title><style>${CSS}</style></head>
<body data-game="${o.gameId}"><h1>${escape(o.name)}</h1><div class="bal" id="bal">💎 …</div><div class="stage">${stage}</div><div class="msg" id="msg"></div>
<div class="row" id="bets"></div><div class="row"><button id="spin">SPIN</button><button class="ghost" id="topup">+ 💎</button><button class="ghost" id="back">✕</button></div>
<script>${GAME_SCRIPT.replace('__CFG__', cfg)}</script></body></html>`
  return new RawReply(html)
}

// the game's script, as a provider would write it (plain ES2017, no build)
const GAME_SCRIPT = `(function(){
var cfg=__CFG__,q=new URLSearchParams(location.search),uid=q.get('userId'),tok=q.get('imToken'),bet=cfg.bets[0],busy=false,spins=0;
var $=function(id){return document.getElementById(id)};
function post(m){parent.postMessage(m,'*')}
function show(b){if(typeof b==='number'&&isFinite(b))$('bal').textContent='💎 '+b}
function call(body){return fetch(cfg.spendUrl,{method:'POST',headers:{'content-type':'text/plain'},body:JSON.stringify(Object.assign({gameId:cfg.gameId,userId:uid,imToken:tok},body))}).then(function(r){return r.json()})}
window.addEventListener('message',function(e){if(e.source!==parent)return;var d=e.data;if(d&&d.event==='coinBalance'){show(d.balance);$('msg').textContent=''}});
cfg.bets.forEach(function(b){var el=document.createElement('button');el.className='ghost bet';el.textContent=b;el.setAttribute('aria-pressed',String(b===bet));el.onclick=function(){bet=b;[].forEach.call(document.querySelectorAll('.bet'),function(x){x.setAttribute('aria-pressed',String(x===el))})};$('bets').appendChild(el)});
$('topup').onclick=function(){post({event:'recharge'})};
$('back').onclick=function(){post({event:'back'})};
$('spin').onclick=function(){if(busy)return;busy=true;spins++;var round=Date.now().toString(36)+'-'+spins;
 call({action:'spin',bet:bet,roundId:round}).then(function(r){busy=false;
  if(r.code==='1080'){$('msg').textContent='Not enough diamonds';post({event:'recharge'});return}
  if(r.error){$('msg').textContent=r.error;return}
  if(cfg.kind==='wheel')$('wheel').style.transform='rotate('+(spins*720+r.stop*60)+'deg)';
  else [].forEach.call(document.querySelectorAll('.reel'),function(el,i){el.textContent=r.symbols[i]||el.textContent});
  show(r.balance);$('msg').textContent=r.win>0?'+'+r.win+' 💎':'Try again'}).catch(function(){busy=false;$('msg').textContent='Network error'})};
call({action:'balance'}).then(function(r){show(r.balance)}).catch(function(){});
function ready(){post({event:'loadDone'})}
if(cfg.mode==='normal')setTimeout(ready,600);
if(cfg.mode==='malformed'){['recharge','{"event":"back"}',null,42,['back'],{type:'back'},{event:'Recharge'},{event:'back',x:'y'.repeat(5000)},{event:{toString:1}}].forEach(function(m){try{post(m)}catch(e){}});setTimeout(ready,600)}
if(cfg.mode==='foreign'){var f=document.createElement('iframe');f.src=cfg.awayUrl;f.style.cssText='width:1px;height:1px;border:0;position:absolute';document.body.appendChild(f);setTimeout(ready,600)}
if(cfg.mode==='navigate'){setTimeout(function(){ready();setTimeout(function(){location.href=cfg.awayUrl},400)},600)}
})()`

/** another site: with post=1 it tries to drive the app (back, recharge) from a foreign origin */
export function awayPage(post: boolean): RawReply {
  const script = post ? `<script>[parent,top].forEach(function(w){try{w.postMessage({event:'back'},'*');w.postMessage({event:'recharge'},'*')}catch(e){}})</script>` : ''
  return new RawReply(`<!doctype html><html><head><meta charset="utf-8"><title>Elsewhere</title></head><body style="font:15px system-ui;background:#222;color:#fff;padding:16px"><p>Another site</p>${script}</body></html>`)
}

/** the spend entry's answer: JSON any origin may read (a sandboxed game has an opaque origin) */
export const jsonReply = (value: unknown) => new RawReply(JSON.stringify(value), 'application/json; charset=utf-8', 200, { 'access-control-allow-origin': '*' })
