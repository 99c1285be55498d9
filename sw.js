/* Belote service worker: precaches the files of the site that the page loads, so that after one
   visit the game starts with no network. Cache first, network as fallback. Each version of the
   site has its own cache, named from VERSION.
   A new version never takes over a page that runs the old one: it installs and waits, the open
   page offers to reload into it (web/boot.js asks it to "skip-waiting", then reloads), and the
   next visit runs it (a visit that finds it waiting activates it before PyScript starts).
   Activating it deletes the older caches. Only the very first version starts at once.
   All URLs are relative to this file, which sits at the site root (its scope covers the site). */

// <precache> written by scripts/gen_site_config.py: do not edit by hand
const VERSION = "18242ce0cbafac6e";
const PRECACHE = [
  "./index.html",
  "./manifest.webmanifest",
  "./pyscript.json",
  "./web/boot.js",
  "./web/bots_worker.py",
  "./web/build/python.zip",
  "./web/build/python_stdlib.zip",
  "./web/build/snapshot.bin.gz",
  "./web/cards/7C.svg",
  "./web/cards/7D.svg",
  "./web/cards/7H.svg",
  "./web/cards/7S.svg",
  "./web/cards/8C.svg",
  "./web/cards/8D.svg",
  "./web/cards/8H.svg",
  "./web/cards/8S.svg",
  "./web/cards/9C.svg",
  "./web/cards/9D.svg",
  "./web/cards/9H.svg",
  "./web/cards/9S.svg",
  "./web/cards/AC.svg",
  "./web/cards/AD.svg",
  "./web/cards/AH.svg",
  "./web/cards/AS.svg",
  "./web/cards/JC.svg",
  "./web/cards/JD.svg",
  "./web/cards/JH.svg",
  "./web/cards/JS.svg",
  "./web/cards/KC.svg",
  "./web/cards/KD.svg",
  "./web/cards/KH.svg",
  "./web/cards/KS.svg",
  "./web/cards/QC.svg",
  "./web/cards/QD.svg",
  "./web/cards/QH.svg",
  "./web/cards/QS.svg",
  "./web/cards/TC.svg",
  "./web/cards/TD.svg",
  "./web/cards/TH.svg",
  "./web/cards/TS.svg",
  "./web/cards/back.svg",
  "./web/cards/four/7C.svg",
  "./web/cards/four/7D.svg",
  "./web/cards/four/7H.svg",
  "./web/cards/four/7S.svg",
  "./web/cards/four/8C.svg",
  "./web/cards/four/8D.svg",
  "./web/cards/four/8H.svg",
  "./web/cards/four/8S.svg",
  "./web/cards/four/9C.svg",
  "./web/cards/four/9D.svg",
  "./web/cards/four/9H.svg",
  "./web/cards/four/9S.svg",
  "./web/cards/four/AC.svg",
  "./web/cards/four/AD.svg",
  "./web/cards/four/AH.svg",
  "./web/cards/four/AS.svg",
  "./web/cards/four/JC.svg",
  "./web/cards/four/JD.svg",
  "./web/cards/four/JH.svg",
  "./web/cards/four/JS.svg",
  "./web/cards/four/KC.svg",
  "./web/cards/four/KD.svg",
  "./web/cards/four/KH.svg",
  "./web/cards/four/KS.svg",
  "./web/cards/four/QC.svg",
  "./web/cards/four/QD.svg",
  "./web/cards/four/QH.svg",
  "./web/cards/four/QS.svg",
  "./web/cards/four/TC.svg",
  "./web/cards/four/TD.svg",
  "./web/cards/four/TH.svg",
  "./web/cards/four/TS.svg",
  "./web/cards/four/back.svg",
  "./web/cards/index.html",
  "./web/help/bg/bela.html",
  "./web/help/bg/bulgarian.html",
  "./web/help/bg/classic.html",
  "./web/help/bg/coinche.html",
  "./web/help/bg/french.html",
  "./web/help/en/bela.html",
  "./web/help/en/bulgarian.html",
  "./web/help/en/classic.html",
  "./web/help/en/coinche.html",
  "./web/help/en/french.html",
  "./web/help/es/bela.html",
  "./web/help/es/bulgarian.html",
  "./web/help/es/classic.html",
  "./web/help/es/coinche.html",
  "./web/help/es/french.html",
  "./web/help/fr/bela.html",
  "./web/help/fr/bulgarian.html",
  "./web/help/fr/classic.html",
  "./web/help/fr/coinche.html",
  "./web/help/fr/french.html",
  "./web/help/hr/bela.html",
  "./web/help/hr/bulgarian.html",
  "./web/help/hr/classic.html",
  "./web/help/hr/coinche.html",
  "./web/help/hr/french.html",
  "./web/help/index.json",
  "./web/icons/icon-192.png",
  "./web/icons/icon-512.png",
  "./web/icons/icon.svg",
  "./web/main.py",
  "./web/records.css",
  "./web/runtime.mjs",
  "./web/settings.css",
  "./web/style.css",
  "./web/vendor/pyodide/pyodide.asm.mjs",
  "./web/vendor/pyodide/pyodide.asm.wasm",
  "./web/vendor/pyodide/pyodide.mjs",
  "./web/vendor/pyscript/core-C9KDLldu.js",
  "./web/vendor/pyscript/core.css",
  "./web/vendor/pyscript/core.js",
  "./web/vendor/pyscript/deprecations-manager-UpAPKqCb.js",
  "./web/vendor/pyscript/donkey-4Hrqd7WZ.js",
  "./web/vendor/pyscript/error-D2315lOB.js",
  "./web/vendor/pyscript/py-editor-C4XsZtn7.js",
  "./web/vendor/pyscript/py-game-DWiCrr7a.js",
  "./web/vendor/pyscript/py-terminal-CwQ6kcjg.js",
];
// </precache>

const PREFIX = "belote-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server, so the cache never gets a stale HTTP-cached copy
      // (and a copy the browser already has costs a 304, not a download).
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
      if (!self.registration.active) await self.skipWaiting(); // the first version: nothing to mix
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(respond(request, url));
});

let opened = null; // this version's cache, opened once per life of the worker
function openCache() {
  if (opened === null) opened = caches.open(CACHE);
  return opened;
}

async function respond(request, url) {
  const cache = await openCache();
  // An exact match is a keyed lookup; ignoreSearch scans the whole cache, so it is only the
  // fallback for URLs with a query (?fast=1, ...), which never changes a file.
  let hit = await cache.match(request);
  if (!hit && url.search) hit = await cache.match(request, { ignoreSearch: true });
  if (!hit && request.mode === "navigate" && url.pathname.endsWith("/")) {
    hit = await cache.match(new URL("index.html", url));
  }
  return hit || fetch(request);
}
