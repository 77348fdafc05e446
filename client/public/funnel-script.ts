/**
 * The one inline script a published funnel page may carry (issue 12 point 5): only when the
 * page has a form, a countdown or a video facade, ≤ 3 KB gzip (funnel-script.test.ts). Everything
 * works without it; it only adds:
 * - forms: the submit button says "Sending…" (its `data-fp-sending`, in the page's language) and a second submit is ignored (restored when the
 *   page comes back from the back/forward cache);
 * - countdowns (`[data-countdown="ISO"]`, client/blocks/countdown.tsx): the server-rendered
 *   numbers in `[data-countdown-unit="d|h|m"]` tick; at the end `[data-countdown-clock]` is
 *   hidden and `[data-countdown-expired]` shown;
 * - video facades (`[data-video-facade][data-embed="https://…"][data-title]` around a link to the
 *   video's page, client/blocks/video.tsx): a plain click swaps the link for the player. Modified
 *   clicks open the link.
 * It is a fixed string, so the pages allow it by its hash (no nonce: the HTML is cached;
 * worker/features/funnels/edge/render.tsx). Plain JavaScript in a string: nothing transforms it.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- code, not words: its words come from the page's data attributes
export const PAGE_SCRIPT = `(()=>{const d=document,q=(e,s)=>e.querySelectorAll(s),B="[type=submit]";
d.addEventListener("submit",e=>{const f=e.target;if(f.dataset.sending){e.preventDefault();return}f.dataset.sending="1";const b=f.querySelector(B);if(b){b.dataset.label=b.textContent;b.textContent=b.dataset.fpSending||"Sending…";b.setAttribute("aria-disabled","true")}});
addEventListener("pageshow",e=>{if(e.persisted)for(const f of d.forms){delete f.dataset.sending;const b=f.querySelector(B);if(b&&b.dataset.label){b.textContent=b.dataset.label;b.removeAttribute("aria-disabled")}}});
d.addEventListener("click",e=>{const a=e.target instanceof Element&&e.target.closest("[data-video-facade] a");if(!a||e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;const w=a.closest("[data-video-facade]"),u=w.dataset.embed;if(!/^https:\\/\\//.test(u))return;e.preventDefault();const i=d.createElement("iframe");i.src=u;i.title=w.dataset.title||"Video";i.allow="autoplay; encrypted-media; picture-in-picture; fullscreen";i.allowFullscreen=true;i.className="absolute inset-0 h-full w-full";a.replaceWith(i);i.focus()});
const c=[...q(d,"[data-countdown]")];if(c.length){const t=()=>{const n=Date.now();let l=0;for(const el of c){const s=Math.max(0,Math.floor((Date.parse(el.dataset.countdown)-n)/6e4)),v={d:Math.floor(s/1440),h:Math.floor(s%1440/60),m:s%60};for(const u of q(el,"[data-countdown-unit]")){const k=u.dataset.countdownUnit,x=v[k];if(x!==undefined)u.textContent=k==="d"?String(x):String(x).padStart(2,"0")}if(Date.parse(el.dataset.countdown)>n)l=1;else{const k=el.querySelector("[data-countdown-clock]"),x=el.querySelector("[data-countdown-expired]");if(k)k.hidden=true;if(x)x.hidden=false}}if(l)setTimeout(t,1e3)};t()}})()`;
