/**
 * The one script of the preview page (issue 32 point 1, decision 0052): places a new pin. The
 * page is complete without it (threads, replies, resolve and the review form are plain forms);
 * with it, a click on a picture (`[data-pin-item]`) or a selection of the caption
 * (`[data-pin-caption]`) fills the hidden spot fields of its section's `[data-pin-form]` and shows it,
 * with a dot
 * where the click was. Each `[data-pins]` section is its own (a page may show several ads' pins). Offsets of a selection are counted in the caption's text nodes (the
 * marks' numbers are CSS, not text), so they are offsets in the caption as the server has it.
 * Plain JavaScript in a string (like the presentations' beacon), run under the response's nonce:
 * no React on this page; its weight is in bench/budgets.json (previewPageJsBytes). Fields by
 * `elements.namedItem`: `elements.item` is the collection's method, not the field named "item".
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- JavaScript source, not words
export const PIN_SCRIPT = `(()=>{const d=document;for(const s of d.querySelectorAll("[data-pins]")){const f=s.querySelector("[data-pin-form]");if(!f)continue;
for(const e of s.querySelectorAll("[data-pin-js]"))e.hidden=false;for(const e of s.querySelectorAll("[data-pin-nojs]"))e.hidden=true;
const w=f.querySelector("[data-pin-where]"),c=s.querySelector("[data-pin-caption]"),v=(n,x)=>{f.elements.namedItem(n).value=x},o=d.createElement("span");
o.className="pointer-events-none absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full bg-accent-600 ring-4 ring-accent-200";o.dataset.pinNew="";
const show=t=>{w.textContent=t;f.hidden=false},clear=()=>{for(const n of["item","x","y","start","end"])v(n,"");o.remove()};
s.addEventListener("click",e=>{const t=e.target;if(!(t instanceof Element))return;if(t.closest("[data-pin-cancel]")){clear();f.hidden=true;return}
const g=t.closest("[data-pin-item]");if(!g||t.closest("a"))return;const r=g.getBoundingClientRect(),k=n=>Math.min(1,Math.max(0,Math.round(n*1e4)/1e4)),x=k((e.clientX-r.left)/r.width),y=k((e.clientY-r.top)/r.height);
clear();v("item",g.dataset.pinItem);v("x",String(x));v("y",String(y));o.style.left=x*100+"%";o.style.top=y*100+"%";g.append(o);
show(f.dataset.onPicture.replace("@@",String(+g.dataset.pinItem+1)));f.elements.namedItem("body").focus()});
if(c)d.addEventListener("selectionchange",()=>{const l=getSelection();if(!l||l.isCollapsed||!l.rangeCount)return;const q=l.getRangeAt(0);if(!c.contains(q.startContainer)||!c.contains(q.endContainer))return;
const at=(n,i)=>{const r=d.createRange();r.selectNodeContents(c);r.setEnd(n,i);return r.toString().length},a=at(q.startContainer,q.startOffset),b=at(q.endContainer,q.endOffset),p=c.textContent.slice(a,b);if(!p.trim())return;
clear();v("start",String(a));v("end",String(b));show(f.dataset.onPhrase.replace("@@",p.length>80?p.slice(0,79)+"…":p))})}})()`;
