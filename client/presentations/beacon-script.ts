/**
 * The one script of a published presentation (issue 13): ≤ 2 KB gzip (bench/budgets.json).
 * The page works entirely without it; it only reports how long the page was visible and
 * which sections were reached and how many seconds each sat in the middle of the screen (the
 * author's visit timeline, decision 0056), with navigator.sendBeacon when the page is hidden or left.
 * It reads the signed view token and the endpoint from `[data-view]`; sections are the
 * `section[id]` children of `<main>` (client/presentations/presentation-view.tsx). A report
 * repeats only when something changed; the worker adds only what grew. Plain JavaScript in a
 * string: allowed by its hash in the page's CSP (worker/features/presentations/public.tsx).
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- JavaScript source, not words
export const BEACON_SCRIPT = `(()=>{const d=document,m=d.querySelector("[data-view]");if(!m||!navigator.sendBeacon)return;const t=m.dataset.view,u=m.dataset.beacon,r=new Set,w={},n=()=>performance.now();let a=0,v=d.visibilityState==="visible"?n():0,l="";
if(window.IntersectionObserver){const o=new IntersectionObserver(e=>{for(const x of e)if(x.isIntersecting){r.add(x.target.id);o.unobserve(x.target)}},{rootMargin:"0px 0px -35% 0px"});for(const s of d.querySelectorAll("main>section[id]"))o.observe(s)}
setInterval(()=>{if(!v)return;const s=d.elementFromPoint(innerWidth/2,innerHeight/2)?.closest("main>section[id]");if(s)w[s.id]=(w[s.id]||0)+1},1e3);
const f=()=>{const s=String(Math.round((a+(v?n()-v:0))/1e3)),k=[...r].join(","),q=Object.entries(w).map(e=>e.join(":")).join(",");if(s+k+q===l)return;l=s+k+q;navigator.sendBeacon(u,new URLSearchParams({t,s,r:k,d:q}))};
d.addEventListener("visibilitychange",()=>{if(d.visibilityState==="hidden"){if(v){a+=n()-v;v=0}f()}else v=n()});addEventListener("pagehide",f)})()`;
