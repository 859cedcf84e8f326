import { EMBED_PATH } from '@contract/widgets';

/*
 * The embed's static parts, kept as text here: a few hundred bytes each, served with the embed routes so that the
 * widget works without the PWA's build.
 */

/** The page's styles: phone first, the accent from the theme sheet's custom properties. */
export const WIDGET_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:transparent}
.widget{max-width:420px;margin:0 auto;padding:16px;border:1px solid #e5e7eb;border-radius:12px;background:#fff;border-top:6px solid var(--accent,#0f766e)}
.cover{display:block;width:100%;height:auto;aspect-ratio:1360/620;object-fit:cover;border-radius:8px;margin-bottom:12px;background:#f3f4f6}
.kicker{margin:0;color:#6b7280;font-size:13px;text-transform:uppercase;letter-spacing:.04em}
.name{margin:4px 0 12px;font-size:20px;line-height:1.25}
.choose{margin:0 0 8px;font-size:14px;font-weight:500;color:#374151}
.amounts{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.buy{display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:48px;padding:10px 16px;border-radius:8px;background:var(--accent,#0f766e);color:var(--on-accent,#fff);text-decoration:none;font-weight:600}
a.buy:hover{filter:brightness(1.08)}
a.buy:focus-visible{outline:3px solid #111827;outline-offset:2px}
.amount{font-size:18px}
.cta{font-size:14px;text-transform:uppercase;letter-spacing:.03em}
.unavailable{border-top-color:#9ca3af;color:#374151}
`;

/** Relative luminance of `#rrggbb` (WCAG 2). */
function luminance(colour: string): number {
  const channel = (offset: number) => {
    const value = parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** One colour's sheet: the accent, and black or white text on it, whichever contrasts more. */
export function themeCss(colour: string): string {
  const light = luminance(colour) > 0.179;
  return `:root{--accent:${colour};--on-accent:${light ? '#111827' : '#ffffff'}}\n`;
}

/** In the frame: tells the embedding page how tall the content is, whenever that changes. */
export const FRAME_JS = `(function(){var last=0;function send(){var h=Math.ceil(document.body.getBoundingClientRect().height);if(h&&h!==last){last=h;parent.postMessage({certdesk:"height",height:h},"*")}}
if(window.ResizeObserver)new ResizeObserver(send).observe(document.body);addEventListener("load",send);send()})();
`;

/**
 * On the supplier's site: turns every \`<div data-certdesk-widget="<id>">\` into a frame of our widget page, and sets
 * each frame's height from its own messages only (the sender must be that frame, from our origin). Styles go through
 * CSSOM, not a style attribute, so a host whose policy forbids inline style still sizes the frame.
 */
export const LOADER_JS = `(function(){
var script=document.currentScript;if(!script)return;
var origin=new URL(script.src).origin,frames=[];
function mount(spot){
var id=spot.getAttribute("data-certdesk-widget");
if(spot.getAttribute("data-certdesk-mounted")||!/^[0-9a-f-]{36}$/i.test(id||""))return;
spot.setAttribute("data-certdesk-mounted","1");
var frame=document.createElement("iframe");
frame.src=origin+"${EMBED_PATH}/widgets/"+id;
frame.title=spot.getAttribute("data-title")||"Gift certificate";
frame.loading="lazy";
frame.style.cssText="display:block;width:100%;max-width:420px;height:460px;border:0;overflow:hidden";
spot.replaceChildren(frame);frames.push(frame)}
addEventListener("message",function(event){
if(event.origin!==origin||!event.data||event.data.certdesk!=="height")return;
var height=Number(event.data.height);if(!(height>0))return;
for(var i=0;i<frames.length;i++)if(frames[i].contentWindow===event.source)frames[i].style.height=Math.min(Math.ceil(height),4000)+"px"});
function run(){document.querySelectorAll("[data-certdesk-widget]").forEach(mount)}
if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",run);else run()})();
`;
