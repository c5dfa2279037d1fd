/**
 * The inline script after the server's HTML of the first screen (ssr-build.ts), run before the
 * first paint. The HTML is drawn for one path, in one language, for a first visit:
 * - another path (the service worker answers every page with index.html): the HTML goes;
 * - another language (named by the address's `?lang=`, which becomes the parent's choice; else
 *   chosen in the menu, else the device's, as lib/i18n/languages.ts picks):
 *   that language's shell (a script's raw text, in the service worker's copy of index.html)
 *   takes its place, or nothing, so English never flashes;
 * - terms already accepted: the terms dialog goes.
 * `data-ssr-takeover` on <html> holds the dialog's entry animation while the app replaces this
 * HTML with the same screen (main.tsx removes it). A tap on the HTML's buttons or links before
 * then is kept (as the tapped element's place in the page, or in the dialog, counting no
 * <title> or <meta>: the server leaves them where React puts them in <head>) and repeated on
 * the same element once the app has taken over (src/ssr/early-taps.ts), so it is not lost and
 * a link does not reload the page. Plain ES5: it runs before anything else.
 * The server allows it by its hash (Content-Security-Policy), computed from the page it serves.
 */
/** lib/i18n/languages.ts's LANGUAGES (boot-script.test.ts keeps the two the same). */
export const BOOT_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'uk', 'ar', 'ja'];
/** Written right to left: the page is mirrored before its first paint. */
const RIGHT_TO_LEFT = ['ar'];
const LANGUAGE_KEY = 'language';
const TERMS_KEY = 'hasAcceptedToS_v1';

export const EARLY_TAPS_GLOBAL = 'playspotEarlyTaps';

const keepEarlyTaps = `var q=window.${EARLY_TAPS_GLOBAL}=[];r.addEventListener('click',function(e){if(!document.documentElement.hasAttribute('data-ssr-takeover'))return;var t=e.target.closest&&e.target.closest('a[href],button,input,select,textarea,[role=button]');if(!t)return;var c=t.closest('[role=dialog]')||r;var p=[];for(var n=t;n!==c;n=n.parentNode)p.unshift(Array.prototype.filter.call(n.parentNode.children,function(x){return !/^(TITLE|META|LINK|STYLE|SCRIPT|TEMPLATE)$/.test(x.tagName)}).indexOf(n));q.push({dialog:c!==r,path:p});e.preventDefault();e.stopPropagation()},true);`;

export const bootScript = `(function(){var r=document.getElementById('root');var want=r&&r.getAttribute('data-ssr-path');if(!want)return;function get(k){try{return localStorage.getItem(k)}catch(e){return null}}if(location.pathname.replace(/\\/$/,'').toLowerCase()!==want.toLowerCase()){r.textContent='';return}var langs=${JSON.stringify(BOOT_LANGUAGES)};var a=(/[?&]lang=([a-z]{2})(?:&|$)/.exec(location.search)||[])[1];if(langs.indexOf(a)>=0){try{localStorage.setItem(${JSON.stringify(LANGUAGE_KEY)},a)}catch(e){}}var l=get(${JSON.stringify(LANGUAGE_KEY)});if(langs.indexOf(l)<0){l=null;var n=navigator.languages||[navigator.language];for(var i=0;i<n.length&&!l;i++){var b=String(n[i]).toLowerCase().split('-')[0];if(langs.indexOf(b)>=0)l=b}}l=l||'en';var h=document.documentElement;h.lang=l;h.dir=${JSON.stringify(RIGHT_TO_LEFT)}.indexOf(l)<0?'ltr':'rtl';if(l!==r.getAttribute('data-ssr-lang')){var t=document.querySelector('script[data-ssr-lang="'+l+'"]');r.innerHTML=t?t.textContent:''}if(get(${JSON.stringify(TERMS_KEY)})==='true'){var s=r.querySelectorAll('[data-ssr-dialog]');for(var j=0;j<s.length;j++)s[j].parentNode.removeChild(s[j])}document.documentElement.setAttribute('data-ssr-takeover','');${keepEarlyTaps}})();`;
