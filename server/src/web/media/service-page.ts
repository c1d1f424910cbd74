/**
 * The customer-service page (/media/service.html[?shop=ID]): a small chat-like page for the
 * platform or one shop, opened by the SPA inside the app. The demo has no live agents: the page
 * greets, echoes what the shopper sends as a bubble and answers with a canned reply.
 *
 * Names are HTML-escaped and reach the script only through a data attribute; messages are added
 * with textContent. The one inline script carries a per-response nonce under a strict CSP.
 *
 * The SPA frames it sandboxed without allow-same-origin (an opaque origin: it cannot reach the
 * shop's storage or the SPA around it), so it uses no storage or cookie; its images name the public
 * origin, since 'self' of a sandboxed page matches nothing in some browsers.
 */
import { randomBytes } from 'node:crypto';
import { escapeXml } from './svg';

export interface ServicePage {
  html: string;
  csp: string;
}

export interface ServicePageOptions {
  /** The origin of the page's images (the public origin). */
  imageOrigin: string;
  /** Who may frame the page: a CSP frame-ancestors source list. */
  frameAncestors: string;
}

export function servicePage(who: string, avatarUrl: string, opts: ServicePageOptions): ServicePage {
  const nonce = randomBytes(16).toString('base64');
  const name = escapeXml(who);
  const avatar = escapeXml(avatarUrl);
  const csp = [
    "default-src 'none'",
    `img-src 'self' ${opts.imageOrigin} data:`,
    "style-src 'unsafe-inline'",
    `script-src 'nonce-${nonce}'`,
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${opts.frameAncestors}`,
  ].join('; ');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${name} customer service</title>
<style>
*{box-sizing:border-box}html,body{height:100%}
body{font:16px/1.45 system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222;display:flex;flex-direction:column}
header{background:#b8300b;color:#fff;padding:12px 16px;display:flex;gap:12px;align-items:center}
header img{width:40px;height:40px;border-radius:50%;background:#fff}
h1{margin:0;font-size:18px}.status{margin:0;font-size:13px;opacity:.9}
main{flex:1;display:flex;flex-direction:column;min-height:0}
#log{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:10px}
#log:focus-visible{outline:3px solid #2f6fed;outline-offset:-3px}
.msg{border-radius:14px;padding:10px 14px;max-width:85%;margin:0;white-space:pre-wrap;word-break:break-word}
.agent{background:#fff;align-self:flex-start;border-bottom-left-radius:4px}
.me{background:#b8300b;color:#fff;align-self:flex-end;border-bottom-right-radius:4px}
.hours{color:#595959;font-size:13px;text-align:center;margin:4px 0}
form{display:flex;gap:8px;padding:10px 12px;background:#fff;border-top:1px solid #e5e5e5}
input{flex:1;font:inherit;padding:10px 12px;border:1px solid #ccc;border-radius:20px;min-width:0}
button{font:inherit;padding:10px 18px;border:0;border-radius:20px;background:#b8300b;color:#fff}
</style></head>
<body data-shop="${name}">
<header aria-labelledby="title"><img src="${avatar}" alt=""><div><h1 id="title">${name} customer service</h1><p class="status">Online · usually replies within a few minutes</p></div></header>
<main aria-labelledby="title">
<div id="log" role="log" aria-live="polite" aria-label="Conversation" tabindex="0">
<p class="hours">Service hours: every day 09:00-21:00 (UTC+8)</p>
<p class="msg agent">Hello! Thanks for contacting ${name}. How can we help you today?</p>
<p class="msg agent">For orders, refunds and withdrawals please include your order number or record id.</p>
</div>
<form id="send" autocomplete="off"><label for="text" hidden>Message</label>
<input id="text" name="text" maxlength="500" placeholder="Type a message" aria-label="Message">
<button type="submit">Send</button></form>
</main>
<script nonce="${nonce}">
(function () {
  var log = document.getElementById('log');
  var input = document.getElementById('text');
  var shop = document.body.getAttribute('data-shop') || '';
  function bubble(text, who) {
    var p = document.createElement('p');
    p.className = 'msg ' + who;
    p.textContent = text;
    log.appendChild(p);
    log.scrollTop = log.scrollHeight;
  }
  document.getElementById('send').addEventListener('submit', function (e) {
    e.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    bubble(text, 'me');
    input.value = '';
    setTimeout(function () {
      bubble('Thanks for your message! An agent of ' + shop + ' will answer here shortly.', 'agent');
    }, 700);
  });
})();
</script>
</body></html>`;
  return { html, csp };
}
