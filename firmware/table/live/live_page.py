"""The live page (live_web.py answers / with it): one file, no outside assets (the
phones at the table have no internet), sized for a phone at arm's length. It opens
/events (Server-Sent Events; the browser reconnects by itself after a drop, and the
page opens it again 5 s after a refusal such as the server's 503 when it is full, which
ends an EventSource for good; the server ends each stream after a while and says so
first, `again`, and the page opens it at once without the banner) and draws each state
live.py describes: the match, the evening's games and wins below it, and "Add a
player" (POST /name: the device asks its owner before the name is kept). Loaded for
each page load, then dropped.
"""

PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Table</title>
<style>
body{margin:0;font:20px/1.35 system-ui,sans-serif;background:#111;color:#eee}
main{padding:12px 14px;max-width:640px;margin:auto}
h1{font-size:22px;margin:0 0 8px;color:#9cf}
.big{font-size:48px;font-weight:700;line-height:1.1;margin:6px 0;overflow-wrap:anywhere}
.line{font-size:26px;font-weight:600;margin:6px 0 12px}
table{border-collapse:collapse;width:100%;margin:8px 0}
td,th{padding:5px 6px;text-align:right;border-bottom:1px solid #333}
td:first-child,th:first-child{text-align:left}
th{color:#9cf;font-weight:500;font-size:17px}
.lead{color:#fd6;font-weight:700}
.dim{color:#888}
.rounds{overflow-x:auto}.rounds td,.rounds th{font-size:17px}
form{display:flex;gap:8px;margin:8px 0}input{flex:1;min-width:0;font:inherit;padding:6px;background:#222;color:#eee;border:1px solid #555}
button{font:inherit;padding:6px 12px}
#link{position:fixed;bottom:0;left:0;right:0;padding:6px 14px;font-size:16px;background:#522;display:none}
</style></head><body><main id="m"><h1>Table</h1><p class="dim">Connecting...</p></main>
<main><div id="eve"></div><h1>Add a player</h1>
<form id="add"><input id="name" maxlength="16" autocomplete="off" placeholder="Name"><button>Add</button></form>
<p class="dim" id="said">The device asks before it keeps the name.</p></main>
<div id="link">Connection lost: reconnecting...</div>
<script>
var m=document.getElementById('m'),ln=document.getElementById('link');
function e(s){return String(s).replace(/[&<>"]/g,function(c){return'&#'+c.charCodeAt(0)+';'})}
function row(c,t,cls){return'<tr'+(cls?' class="'+cls+'"':'')+'>'+c.map(function(x){return'<'+(t||'td')+'>'+e(x)+'</'+(t||'td')+'>'}).join('')+'</tr>'}
function line(s){var l=s.leaders,n=s.names.indexOf(l[0]),w=l.join(' and ');
 if(s.over)return s.winners.join(' and ')+' won the game';
 if(s.game!='I Go')return l.length==s.names.length?'All level':'Leads: '+w;
 return(l.length==s.names.length?'All':w)+(l.length==1?' needs ':' need ')+s.to[n]+' to win'}
function sheet(s){
 var h='<h1>'+e(s.game)+(s.over?': game over':' to '+s.target)+'</h1><div class="line" id="line">'+e(line(s))+'</div>';
 h+='<table id="totals">'+row(['Player','Total',s.game=='I Go'?'To win':'To end'],'th');
 var best=s.game=='I Go'?Math.max.apply(null,s.totals):Math.min.apply(null,s.totals);
 s.names.forEach(function(n,i){h+=row([n,s.totals[i],s.over?'':s.to[i]],'td',s.totals[i]==best&&s.rounds.length?'lead':'')});
 h+='</table>';
 if(s.starts)h+='<p>'+e(s.starts)+' starts the next round.</p>';
 if(s.rounds.length){h+='<div class="rounds"><table id="rounds">'+row(['Round'].concat(s.names),'th');
  s.rounds.forEach(function(r,i){var p=s.penalties[i];h+=row([i+1].concat(r?r.map(function(x,j){return x+' ('+p[j]+')'}):s.names.map(function(){return'void'})))});
  h+='</table><p class="dim">Points (penalties) each round.</p></div>'}
 return h}
function referee(s){
 var h='<h1>Corsica referee'+(s.state=='armed'?': slap!':'')+'</h1>',l=s.last;
 if(l){h+='<div class="dim">'+(l.tie?'Tie, drawn at random':'Pile won by')+'</div><div class="big" id="winner">'+e(l.winner||'nobody')+'</div><table id="taps">';
  l.taps.forEach(function(t){h+=row([t[0]+(t[2]?' (false)':''),t[1]])});h+='</table>'}
 else h+=s.state=='armed'?'<div class="big">SLAP!</div>':'<p class="dim">No slap yet.</p>';
 h+='<table id="tallies">'+row(['Player','Piles','False','Mistakes'],'th');
 s.names.forEach(function(n,i){h+=row([n+(s.out[i]?' (out)':s.no_cards[i]?' (no cards)':''),s.won[i],s.false[i],s.mistakes[i]])});
 return h+'</table>'}
function evening(v){if(!v||!v.games.length)return'';
 var h='<h1>This evening</h1><table id="games">'+row(['Game','Won by'],'th');
 v.games.forEach(function(g){h+=row([g[0],g[1].join(' and ')||'nobody'])});
 h+='</table><table id="wins">'+row(['Player','Games won'],'th');
 v.wins.forEach(function(w){h+=row(w)});return h+'</table>'}
function deck(s){
 var h='<h1>Corsica deck</h1><div class="line" id="title">'+e(s.title)+'</div>';
 h+='<div class="big" id="top">'+e(s.top?s.top[0]=='X'?'Joker':s.top:'--')+'</div><p>'+e(s.message)+'</p><table id="cards">'+row(['Player','Cards'],'th');
 s.names.forEach(function(n,i){h+=row([n,s.cards[i]],'td',n==s.turn?'lead':'')});
 return h+'</table><p class="dim">'+s.pile+' card'+(s.pile==1?'':'s')+' on the pile</p>'}
var said=document.getElementById('said'),again=0;
function draw(s){m.dataset.view=s.view;
 m.innerHTML=s.view=='sheet'?sheet(s):s.view=='referee'?referee(s):s.view=='deck'?deck(s):'<h1>Table</h1><p>Nothing is being played.</p>';
 document.getElementById('eve').innerHTML=evening(s.evening);
 if(s.asking)said.textContent=s.asking+(s.asked?': waiting for ok on the device.':': waiting for the table (asked when nobody is pressing).');
 else if(s.answered)said.textContent=s.answered[0]+(s.answered[1]?' was added.':s.answered[1]===null?' was not asked: the table stayed busy.':' was not added.')}
document.getElementById('add').onsubmit=function(ev){ev.preventDefault();var f=document.getElementById('name');
 fetch('/name',{method:'POST',body:f.value}).then(function(r){return r.text().then(function(t){
  said.textContent=r.status==202?f.value+': '+t+'.':'Not sent: '+t+'.';if(r.status==202)f.value=''})},
  function(){said.textContent='Not sent: no connection.'})};
function listen(){var es=new EventSource('/events');
 es.onmessage=function(ev){ln.style.display='none';draw(JSON.parse(ev.data))};
 es.addEventListener('again',function(){again=1});
 es.onopen=function(){ln.style.display='none';again=0};
 es.onerror=function(){if(!again)ln.style.display='block';if(es.readyState==2)setTimeout(listen,5000)}}
listen();
</script></body></html>
"""
