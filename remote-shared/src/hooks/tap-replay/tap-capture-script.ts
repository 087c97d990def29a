/**
 * The page's first script (inline, in the head): until a part of the page has hydrated, no
 * element of it listens, and React does not replay a tap it never saw. This records every tap
 * on a control marked `data-tap` (a click, or a form's submit, which it also keeps from leaving
 * the page) so that the control replays it once it has hydrated (`useTapReplay`).
 * Links are left alone (they navigate as links do), and so are taps on a form's fields.
 * It counts the taps it records (`captured`; the replay counts `replayed`) for the field data.
 */
export const tapCaptureScript = `(function(){var d=document,t=window.__fdTaps={taps:[],live:{},captured:0,replayed:0};function rec(e){var x=e.target,c=x&&x.closest?x.closest("[data-tap]"):null;if(!c)return;var k=c.getAttribute("data-tap");if(t.live[k])return;if(c.tagName==="FORM"){if(e.type!=="submit")return;e.preventDefault()}else if(e.type!=="click"||x.closest("a[href]")){return}t.taps.push({key:k,event:e});t.captured++}d.addEventListener("click",rec,true);d.addEventListener("submit",rec,true)})();`;
