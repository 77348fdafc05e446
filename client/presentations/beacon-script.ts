/**
 * The one script of a published presentation (issue 13): ≤ 2 KB gzip (bench/budgets.json).
 * The page works entirely without it; it only reports how long the page was visible and
 * which sections were reached, with navigator.sendBeacon when the page is hidden or left.
 * It reads the signed view token and the endpoint from `[data-view]`; sections are the
 * `section[id]` children of `<main>` (client/presentations/presentation-view.tsx). A report
 * repeats only when something changed; the worker adds only what grew. Plain JavaScript in a
 * string: allowed by its hash in the page's CSP (worker/features/presentations/public.tsx).
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- JavaScript source, not words
export const BEACON_SCRIPT = `(()=>{const d=document,m=d.querySelector("[data-view]");if(!m||!navigator.sendBeacon)return;const t=m.dataset.view,u=m.dataset.beacon,r=new Set,n=()=>performance.now();let a=0,v=d.visibilityState==="visible"?n():0,l="";
if(window.IntersectionObserver){const o=new IntersectionObserver(e=>{for(const x of e)if(x.isIntersecting){r.add(x.target.id);o.unobserve(x.target)}},{rootMargin:"0px 0px -35% 0px"});for(const s of d.querySelectorAll("main>section[id]"))o.observe(s)}
const f=()=>{const s=String(Math.round((a+(v?n()-v:0))/1e3)),k=[...r].join(",");if(s+k===l)return;l=s+k;navigator.sendBeacon(u,new URLSearchParams({t,s,r:k}))};
d.addEventListener("visibilitychange",()=>{if(d.visibilityState==="hidden"){if(v){a+=n()-v;v=0}f()}else v=n()});addEventListener("pagehide",f)})()`;
