/* Belote service worker: keeps the files of the site (PRECACHE), so that after one visit the
   game starts with no network. Cache first, network as fallback. Each version of the site has
   its own cache, named from VERSION.
   The first version installs while the page's runtime downloads its two big files, with the
   page's own copies (from the browser's HTTP cache, never the network again) of what it loaded
   before (index.html and what it loads first, SHELL), and takes over the page once active.
   web/boot.js starts PyScript only then (or after a few seconds, or if this worker cannot
   install), so that every other file the page, and the bots' worker where there is one, fetch
   goes through it, and it keeps each on the way (one download for both; a request for a file
   already on its way waits for it). The runtime's two big files, which the page copied to the
   cache EARLY as they arrived, are adopted from there. Every file of a first visit is thus sent
   once, also by a server that says no-cache with no validator (tests/browser/test_first_visit.py).
   Once the table is playable the page posts "fill": the worker fetches what offline play still
   lacks (the memory snapshot, the other card art, the help pages, ...), one file at a time at
   low priority, then tells the page {offline: "ready"} (or "incomplete": something could not be
   had; the page asks again on its next start). web/boot.js shows it as <html data-offline>.
   Offline before the fill, a file the page loaded before this worker took over is answered from
   the HTTP cache.
   A new version never takes over a page that runs the old one: it installs (fetching the whole
   of PRECACHE, while the old version plays) and waits, the open page offers to reload into it
   (web/boot.js asks it to "skip-waiting", then reloads), and the next visit runs it (a visit
   that finds it waiting activates it before PyScript starts). Activating it deletes the older
   caches. Only the very first version starts at once.
   All URLs are relative to this file, which sits at the site root (its scope covers the site). */

// <precache> written by scripts/gen_site_config.py: do not edit by hand
const VERSION = "3515030a160517dd";
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
  "./web/daily.css",
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
  "./web/morph.js",
  "./web/records.css",
  "./web/runtime.mjs",
  "./web/settings.css",
  "./web/style.css",
  "./web/vendor/morphdom/morphdom-umd.min.js",
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
// What the cache keeps, by URL without its query (?fast=1, ... never change a file); "/" is
// index.html. The memory snapshot last: the fill brings what play needs first.
const SNAPSHOT = new URL("./web/build/snapshot.bin.gz", self.location).href;
const KEPT = PRECACHE.map((path) => new URL(path, self.location).href)
  .sort((a, b) => (a === SNAPSHOT) - (b === SNAPSHOT));
const KEPT_SET = new Set(KEPT);
// index.html and what it loads before web/boot.js registers this worker, or the browser may
// load for it meanwhile (its manifest; Firefox takes the apple-touch-icon as a page icon).
const SHELL = ["./index.html", "./manifest.webmanifest", "./web/vendor/pyscript/core.css",
  "./web/style.css", "./web/records.css", "./web/settings.css", "./web/daily.css",
  "./web/boot.js", "./web/icons/icon.svg", "./web/icons/icon-192.png",
  "./web/vendor/morphdom/morphdom-umd.min.js", "./web/morph.js"]
  .filter((path) => KEPT_SET.has(new URL(path, self.location).href));
const keyOf = (url) => {
  const key = new URL(url);
  key.search = "";
  key.hash = "";
  if (key.pathname.endsWith("/")) key.pathname += "index.html";
  return key.href;
};

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      if (!self.registration.active) {
        // The first version: what the page fetched before it ran, so that it starts offline
        // even before the fill: the page's own copies, from the browser's HTTP cache (stale or
        // not: a server that says no-cache and gives no validator would send each body again).
        await keepShell(await caches.open(CACHE));
        await self.skipWaiting(); // nothing to mix
        return;
      }
      // An update: the whole version, while the page plays the old one. "no-cache": revalidate
      // with the server, so the cache never gets a stale HTTP-cached copy (and a copy the
      // browser already has costs a 304, not a download).
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
      await keepSnapshotInflated(cache);
    })(),
  );
});

// SHELL, each file as the page got it (its document at the address it was opened with: the
// HTTP cache knows it by that address, query included).
async function keepShell(cache) {
  const index = new URL("./index.html", self.location).href;
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const opened = pages.map((page) => page.url).find((url) => keyOf(url) === index);
  await Promise.all(SHELL.map(async (path) => {
    const key = new URL(path, self.location).href;
    const url = key === index && opened ? opened : key;
    // (a browser fetches a manifest without credentials: the same request, the same copy)
    const credentials = path.endsWith(".webmanifest") ? "omit" : "same-origin";
    const answer = await fetch(url, { cache: "force-cache", credentials });
    if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`);
    await cache.put(key, answer);
  }));
}

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "fill") event.waitUntil(fill());
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
  // Not a file of the site's own (another origin, a path it does not keep): the browser's own
  // fetch, not this worker's, so that its failure (offline, say) is the browser's plain one.
  if (!KEPT_SET.has(keyOf(request.url))) return;
  event.respondWith(respond(request, event));
});

let opened = null; // this version's cache, opened once per life of the worker
function openCache() {
  if (opened === null) opened = caches.open(CACHE);
  return opened;
}

const coming = new Map(); // key -> promise of the file being fetched and kept

// The network's response for ``key``, kept in the cache on the way (a copy of the stream: the
// page reads it as it arrives). The promise ``coming`` holds ends once the file is kept.
async function fetchAndKeep(key, init = {}) {
  const response = fetch(key, { cache: "no-cache", credentials: "same-origin", ...init });
  const stored = response.then(async (answer) => {
    // The copy is taken at once, before the page reads the body.
    const copy = answer.ok && answer.type === "basic" ? answer.clone() : null;
    if (copy) await (await openCache()).put(key, copy);
  });
  coming.set(key, stored);
  stored.catch(() => {}).finally(() => {
    if (coming.get(key) === stored) coming.delete(key);
  });
  return { answer: await response, stored };
}

async function respond(request, event) {
  const key = keyOf(request.url);
  const cache = await openCache();
  let hit = await cache.match(key);
  if (!hit && coming.has(key)) {
    await coming.get(key).catch(() => {}); // on its way already: wait, and read the copy
    hit = await cache.match(key);
  }
  if (hit) return hit;
  const adopted = await adopt(key);
  if (adopted) return adopted;
  try {
    const { answer, stored } = await fetchAndKeep(key);
    event.waitUntil(stored.catch(() => {}));
    return answer;
  } catch (error) {
    // Offline before the fill kept it: what the first visit fetched before this worker took
    // over is still in the browser's HTTP cache.
    const cached = await fromHttpCache(key);
    if (cached) return cached;
    const face = plainFace(key);
    if (face) return face;
    if (request.mode !== "navigate") throw error;
    return new Response(
      "<!doctype html><meta charset=utf-8><title>Belote</title><p>This page is not " +
        "available offline yet: it is kept after a visit with a connection.</p>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } },
    );
  }
}

// The memory snapshot is kept inflated: as built, sparse (scripts/make_snapshot.mjs: the runs of
// its pages that are not zeros, 13 of 31 MB; web/runtime.mjs sparseImage) and gzipped (5 MB). A
// later visit reads that and copies it into place, instead of reading 5 MB and inflating them on
// the page's thread at every start. It inflates as a stream, straight into the cache. If it
// cannot be made here, the file stays as it came (web/runtime.mjs takes both).
async function keepSnapshotInflated(cache) {
  try {
    const kept = await cache.match(SNAPSHOT);
    if (!kept || typeof DecompressionStream !== "function") return;
    const file = await kept.blob();
    const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
    if (head[0] !== 0x1f || head[1] !== 0x8b) return; // inflated already
    await cache.put(SNAPSHOT, new Response(
      file.stream().pipeThrough(new DecompressionStream("gzip")),
      { headers: { "Content-Type": "application/octet-stream" } },
    ));
  } catch (error) {
    // a broken file: web/runtime.mjs fails to read it and starts plainly
  }
}

// The first visit's own download of ``key``, which web/boot.js copied to EARLY before this
// worker was in charge: moved to this version's cache, and returned; or null.
const EARLY = "belote.first-visit";
async function adopt(key) {
  try {
    if (!(await caches.has(EARLY))) return null;
    const early = await caches.open(EARLY);
    const found = await early.match(key);
    if (!found) return null;
    await (await openCache()).put(key, found.clone());
    await early.delete(key);
    return found;
  } catch (error) {
    return null;
  }
}

// The browser's HTTP cache's copy of ``key`` (never the network), kept here too; or null.
async function fromHttpCache(key) {
  try {
    const answer = await fetch(key, { cache: "only-if-cached", mode: "same-origin" });
    if (!answer.ok) return null;
    await (await openCache()).put(key, answer.clone());
    return answer;
  } catch (error) {
    return null;
  }
}

// A card face that could not be had (offline before the fill kept it): a plain card that says
// its rank and suit, so that the table stays readable instead of showing a broken image.
const FACE = /\/web\/cards\/(?:four\/)?([2-9TJQKA])([CDHS])\.svg$/;
function plainFace(key) {
  const found = FACE.exec(new URL(key).pathname);
  if (!found) return null;
  const rank = found[1] === "T" ? "10" : found[1];
  const suit = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" }[found[2]];
  const colour = "DH".includes(found[2]) ? "#b00" : "#111";
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 336" width="240" ' +
    `height="336" role="img"><rect x="1" y="1" width="238" height="334" rx="14" fill="#fff" ` +
    `stroke="#555" stroke-width="2"/><text x="120" y="190" font-size="96" text-anchor="middle" ` +
    `font-family="sans-serif" fill="${colour}">${rank}${suit}</text></svg>`;
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml" } });
}

let filling = null; // one fill at a time, whoever asks
async function fill() {
  filling ??= (async () => {
    try {
      const cache = await openCache();
      let missing = 0;
      for (const key of KEPT) {
        try {
          // (asked each time: the page and the bots' worker keep files meanwhile)
          if (await cache.match(key)) continue;
          if (await adopt(key)) continue;
          if (coming.has(key)) await coming.get(key);
          else await (await fetchAndKeep(key, { priority: "low" })).stored;
          if (!(await cache.match(key))) missing += 1;
          else if (key === SNAPSHOT) await keepSnapshotInflated(cache);
        } catch (error) {
          missing += 1; // offline, or the server failed: the next start asks again
        }
      }
      if (!missing) await caches.delete(EARLY);
      return missing;
    } finally {
      filling = null;
    }
  })();
  const missing = await filling;
  const answer = { offline: missing ? "incomplete" : "ready", missing };
  for (const each of await self.clients.matchAll({ type: "window" })) each.postMessage(answer);
}
