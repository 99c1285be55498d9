/* Loaded before PyScript: shows the boot progress, registers the service worker (and offers
   its updates), then starts PyScript.
   Python (web/main.py) takes over by setting <main data-phase> to something else than "loading".
   The progress speaks the table's language: the saved choice, else the browser's (as
   web/i18n/__init__.py detect_language); <html lang> tells web/main.py, and the table confirms it.

   The progress bar counts the bytes of the runtime (Pyodide's wasm, its standard library) and
   of the game (web/build/python.zip) as they arrive: until the page has started, fetch() is
   wrapped so that those responses are read through a counting stream. On a later visit (the
   service worker answers from its cache) fetch is left alone, so that the browser keeps its
   compiled-wasm cache, and the bar is only the steps. If loading fails (a file missing, no
   network, an error while starting) the screen says so with a button to try again;
   window.beloteLoadFailed(reason) lets Python say it too. */
(() => {
  const BOOT_URL = document.currentScript ? document.currentScript.src : location.href;
  // web/i18n/locales/: loading, loading.python, loading.game, loading.deal,
  // loading.failed, loading.check, loading.retry (tests/test_i18n.py checks that they are the
  // same).
  const WORDS = {
    en: ["Loading…", "Starting Python…", "Loading the game…", "Dealing…", "Belote could not load.", "Check the connection and try again.", "Try again", "Your move is held until the game is ready."],
    es: ["Cargando…", "Iniciando Python…", "Cargando el juego…", "Repartiendo…", "Belote no se ha podido cargar.", "Comprueba la conexión y vuelve a intentarlo.", "Reintentar", "Tu jugada espera a que el juego esté listo."],
    fr: ["Chargement…", "Démarrage de Python…", "Chargement du jeu…", "Distribution…", "Belote n'a pas pu se charger.", "Vérifiez la connexion et réessayez.", "Réessayer", "Votre coup attend que le jeu soit prêt."],
    bg: ["Зареждане…", "Стартиране на Python…", "Зареждане на играта…", "Раздаване…", "Белот не успя да се зареди.", "Провери връзката и опитай отново.", "Опитай отново", "Ходът ти изчаква играта да е готова."],
    hr: ["Učitavanje…", "Pokretanje Pythona…", "Učitavanje igre…", "Dijeljenje…", "Belot se nije mogao učitati.", "Provjeri vezu i pokušaj ponovno.", "Pokušaj ponovno", "Tvoj potez čeka da igra bude spremna."],
  };
  // The save, parsed at most once and only within the size guard of web/storage/safejson.py (a bad
  // save is the table's business: it sets it aside and says so).
  let savedRaw = null;
  const saved = (() => {
    try {
      savedRaw = localStorage.getItem("belote.v1");
      return savedRaw && savedRaw.length <= 2000000 ? JSON.parse(savedRaw) : null;
    } catch (error) {
      return null; // no storage, or not JSON
    }
  })();
  const language = (() => {
    const chosen = saved && saved.settings && saved.settings.language;
    if (typeof chosen === "string" && Object.hasOwn(WORDS, chosen)) return chosen;
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const code = String(tag).toLowerCase().replace("_", "-").split("-")[0];
      if (Object.hasOwn(WORDS, code)) return code;
    }
    return "en";
  })();
  document.documentElement.lang = language;
  // The theme too, so that the loading screen has it already (web/browser/adapter.py keeps data-theme
  // up to date afterwards): the saved choice, else the system's.
  try {
    let theme = saved && saved.settings && saved.settings.theme;
    if (theme !== "light" && theme !== "dark") {
      theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    }
    document.documentElement.dataset.theme = theme;
    // The browser's bar takes the page's colour (style.css --page; web/browser/adapter.py THEME_COLOURS).
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.content = theme === "dark" ? "#0b3a1f" : "#ebe5d4";
  } catch (error) {
    // an unreadable save: the table sets it aside and sets the theme once it starts
  }
  const [loading, python, game, deal, failed, check, retry, heldWords] = WORDS[language];
  const LABELS = {
    "Loading Pyodide": python,
    "Loading interpreter": python,
    "Loaded interpreter": python,
    "Loading files": game,
    "Loaded files": game,
    "Loaded Pyodide": deal,
  };
  const $ = (selector) => document.querySelector(selector);
  const started = () => {
    const main = $("main");
    return !!main && main.dataset.phase !== "loading";
  };

  // --- the bar: bytes received of the files that make the runtime and the game -------------
  const COUNTED = /(pyodide\.asm\.wasm|python_stdlib\.zip|pyodide-lock\.json|build\/python\.zip|build\/snapshot\.bin\.gz)(\?|$)/;
  const RUNTIME = ["pyodide.asm.wasm", "python_stdlib.zip"];
  const GAME = "build/python.zip";
  const files = new Map();   // url -> {loaded, total (0: unknown)}
  // A first visit asks for the game's zip once the runtime's files are in (or the runtime is
  // up, or one of them failed): the three share the link, and Python's start needs only the
  // runtime's, so the zip arrives while Python starts instead of delaying its start.
  // The request goes out as the wasm's last NEARLY_IN bytes arrive (about 0.15 s of a 10 Mbit/s
  // link, gzipped), so that the link is not idle for the request's round trip and the page's
  // reading of the stream.
  // <wasm> written by scripts/gen_site_config.py: Pyodide's wasm, as it arrives (inflated)
  const WASM_BYTES = 9609998;
  // </wasm>
  const NEARLY_IN = 512 * 1024;
  let runtimeIn = null;
  const runtimeArrived = new Promise((resolve) => { runtimeIn = resolve; });
  const arrived = new Set();
  const fileDone = (url) => {
    const name = RUNTIME.find((each) => url.includes(each));
    if (name) arrived.add(name);
    if (arrived.size === RUNTIME.length) runtimeIn();
  };
  const fileComing = (url, file) => {
    if (url.includes(RUNTIME[0]) && file.loaded >= WASM_BYTES - NEARLY_IN) fileDone(url);
  };
  let shown = 0;             // the bar never goes back
  const megabytes = (bytes) => (bytes / 1048576).toFixed(1);
  const draw = () => {
    const bar = $("[data-loading-bar]");
    if (!bar || started()) return;
    let loaded = 0;
    let total = 0;
    let unknown = false;
    for (const file of files.values()) {
      loaded += file.loaded;
      total += Math.max(file.total, file.loaded);
      unknown = unknown || !file.total;
    }
    // The runtime's two big files are asked for together, the game's zip only once the
    // runtime is up: no share until both have started (the small lock file comes first), and
    // the runtime alone fills the bar to 95 %.
    const urls = [...files.keys()];
    const runtime = RUNTIME.every((name) => urls.some((url) => url.includes(name)));
    const gameToo = urls.some((url) => url.includes(GAME));
    let part = runtime && total ? Math.min(100, Math.floor((100 * loaded) / total)) : 0;
    if (!gameToo) part = Math.min(part, 95);
    shown = Math.max(shown, part);
    bar.setAttribute("aria-valuenow", String(shown));
    bar.style.setProperty("--done", `${shown}%`);
    const bytes = $("[data-loading-bytes]");
    if (bytes) {
      bytes.textContent = unknown || !total ? `${megabytes(loaded)} MB`
        : `${megabytes(loaded)} / ${megabytes(total)} MB`;
    }
  };
  // The snapshot is optional: without it Python starts afresh (its failures are not the page's).
  const OPTIONAL = /build\/snapshot\.bin\.gz(\?|$)/;
  const counted = (response, url) => {
    const optional = OPTIONAL.test(url);
    if (!response.ok) {
      if (!optional) fail(`${url.split("/").pop()}: HTTP ${response.status}`);
      return response;
    }
    if (!response.body) return response;
    const length = Number(response.headers.get("content-length")) || 0;
    // A compressed response's length is not the length of what the stream yields.
    const file = { loaded: 0, total: response.headers.get("content-encoding") ? 0 : length };
    files.set(url, file);
    draw();
    const reader = response.body.getReader();
    const stream = new ReadableStream({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            file.total = file.loaded;
            draw();
            controller.close();
            fileDone(url);
            return;
          }
          file.loaded += value.byteLength;
          draw();
          fileComing(url, file);
          controller.enqueue(value);
        } catch (error) {
          runtimeIn();
          if (!optional) fail(`${url.split("/").pop()}: ${error}`);
          controller.error(error);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(stream, {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
  };
  const realFetch = window.fetch;
  const firstVisit = !("serviceWorker" in navigator) || !navigator.serviceWorker.controller;
  const counting = firstVisit && typeof ReadableStream === "function";
  // A first visit asks for the runtime's two big files at once, before the modules that load
  // them have arrived (the link is the bottleneck: every idle moment of it delays the table);
  // Pyodide's own fetch of each is then answered with that response, read once. The service
  // worker is not in charge yet, so a copy of each goes to the cache EARLY_CACHE as it arrives:
  // sw.js adopts it (no second download, and a start offline before the fill has them).
  const EARLY_CACHE = "belote.first-visit";
  const WASM_URL = new URL("./vendor/pyodide/pyodide.asm.wasm", BOOT_URL).href;
  const STDLIB_URL = new URL("./build/python_stdlib.zip", BOOT_URL).href;
  // url -> promise of a response asked for early, handed once to the first fetch() of that url
  const early = new Map();
  const takeEarly = (url) => {
    const response = early.get(url);
    early.delete(url);
    return response;
  };
  const urlOf = (input) => new URL(
    typeof input === "string" ? input : (input && input.url) || String(input), location.href).href;
  const keeping = [];
  const keepEarly = (url, answer) => {
    if (!answer.ok || !answer.body || typeof caches === "undefined" || !navigator.serviceWorker) {
      return answer;
    }
    const [mine, copy] = answer.body.tee();
    const headers = { "Content-Type": answer.headers.get("content-type") || "" };
    keeping.push(caches.open(EARLY_CACHE)
      .then((cache) => cache.put(url, new Response(copy, { headers })))
      .catch(() => {})); // no cache storage here: the fill fetches it again
    return new Response(mine, {
      status: answer.status, statusText: answer.statusText, headers: answer.headers,
    });
  };
  if (counting) {
    for (const url of [WASM_URL, STDLIB_URL]) {
      const response = realFetch(url, { credentials: "same-origin" })
        .then((answer) => keepEarly(url, answer));
      response.catch(() => {}); // said when Pyodide asks for it
      early.set(url, response);
    }
    window.fetch = async function (input, init) {
      const url = urlOf(input);
      if (started() || !COUNTED.test(url)) return realFetch.call(this, input, init);
      let response;
      try {
        response = await (takeEarly(url) ?? realFetch.call(this, input, init));
      } catch (error) {
        if (!OPTIONAL.test(url)) {
          fail(`${url.split("/").pop()}: ${error && error.message ? error.message : error}`);
        }
        throw error;
      }
      return counted(response, url);
    };
  } else {
    document.documentElement.dataset.loadingBar = "steps";
  }

  // --- first paint: the table as last drawn, before Python runs -----------------------------
  // web/browser/adapter.py keep_paint stores, beside the save, each region's HTML and <main>'s attributes
  // (web/storage/save.py encode_paint). beloteFirstPaint(), called by index.html right after <main>,
  // puts them back and marks <main data-starting="table">; with no usable paint (a first visit)
  // <main data-starting="skeleton">: the empty table under the loading progress. data-phase stays
  // "loading" until Python draws; then data-starting goes. Until then clicks on the table are
  // held (the button shows it, data-held) and replayed once, in order, when Python is ready:
  // each on the same button (same data-card, data-bid, data-action, ...) if it is there and
  // enabled, else dropped (a repeat of the same button counts once). A paint that is too big,
  // unreadable or not the save's own is removed and never shown.
  const PAINT_KEY = "belote.v1.paint";
  const PAINT_MAX = 400000;
  const KEYS = ["data-card", "data-bid", "data-level", "data-action", "data-setting",
                "data-declare", "data-panel"];
  const held = [];
  const paintable = () => {
    let raw = null;
    try {
      raw = localStorage.getItem(PAINT_KEY);
    } catch (error) {
      return null;
    }
    if (raw === null) return null;
    try {
      const paint = raw.length <= PAINT_MAX ? JSON.parse(raw) : null;
      const fits = paint && paint.version === 1 && Array.isArray(paint.save)
        && typeof savedRaw === "string" && paint.save[0] === savedRaw.length
        && typeof paint.save[1] === "string" && savedRaw.endsWith(paint.save[1])
        && paint.regions && typeof paint.regions === "object"
        && paint.attributes && typeof paint.attributes === "object";
      const html = fits ? Object.values(paint.regions) : [];
      // Only the table's own markup: no script, no inline handler.
      if (fits && html.every((h) => typeof h === "string" && !/<script|\son[a-z]+\s*=/i.test(h))) {
        return paint;
      }
    } catch (error) {
      // not JSON: removed below
    }
    try {
      localStorage.removeItem(PAINT_KEY);
    } catch (error) {}
    return null;
  };
  const keyOf = (el) => {
    for (const name of KEYS) {
      if (el.hasAttribute(name)) return [name, el.getAttribute(name)];
    }
    return null;
  };
  const hold = (event) => {
    const main = $("main");
    if (!main || !main.hasAttribute("data-starting")) return;
    if (event.target.closest && event.target.closest(".loading")) return; // "Try again"
    const el = event.target.closest && event.target.closest(
      "button, input, select, summary, a, [data-card], [data-bid], [data-action]");
    event.preventDefault();
    event.stopPropagation();
    if (!el || !main.contains(el)) return;
    const key = keyOf(el);
    if (!key) return;
    if (!held.some(([name, value]) => name === key[0] && value === key[1])) held.push(key);
    el.setAttribute("data-held", "");
    main.setAttribute("data-holding", "");
  };
  const replay = () => {
    const main = $("main");
    main.removeAttribute("data-starting");
    main.removeAttribute("data-holding");
    removeEventListener("click", hold, true);
    for (const [name, value] of held.splice(0)) {
      const el = main.querySelector(`[${name}="${CSS.escape(value)}"]`);
      if (el && !el.disabled && el.getAttribute("aria-disabled") !== "true") el.click();
    }
  };
  window.beloteHeld = held; // for the tests
  window.beloteFirstPaint = () => {
    const main = $("main");
    if (!main || started() || main.hasAttribute("data-starting")) return;
    const paint = paintable();
    let painted = false;
    if (paint) {
      try {
        for (const [name, html] of Object.entries(paint.regions)) {
          const region = main.querySelector(`[data-region="${CSS.escape(name)}"]`);
          if (region) region.innerHTML = html;
        }
        for (const [name, value] of Object.entries(paint.attributes)) {
          if (/^data-[a-z-]+$/.test(name) && name !== "data-phase") {
            main.setAttribute(name, String(value));
          }
        }
        painted = true;
      } catch (error) {
        for (const region of main.querySelectorAll("[data-region]")) region.textContent = "";
      }
    }
    main.setAttribute("data-starting", painted ? "table" : "skeleton");
    // The loading box in the middle of the felt (style.css: --felt-x, --felt-y), as it moves.
    const centre = () => {
      const felt = main.querySelector(".felt");
      if (!felt || !main.hasAttribute("data-starting")) return removeEventListener("resize", centre);
      const box = felt.getBoundingClientRect();
      main.style.setProperty("--felt-x", `${Math.round(box.left + box.width / 2)}px`);
      main.style.setProperty("--felt-y", `${Math.round(box.top + box.height / 2)}px`);
    };
    centre();
    addEventListener("resize", centre);
    addEventListener("click", hold, true);
    performance.mark("belote:first-paint");
  };

  // --- failure: say so, and offer to try again ------------------------------------------------
  let failedAlready = false;
  function fail(reason) {
    if (failedAlready || started()) return;
    failedAlready = true;
    const box = $("[data-loading-error]");
    if (!box) return;
    box.hidden = false;
    $("[data-loading-error-text]").textContent = failed;
    $("[data-loading-error-reason]").textContent = String(reason || "");
    $("[data-loading-error-check]").textContent = check;
    const again = $("[data-loading-retry]");
    again.textContent = retry;
    again.addEventListener("click", () => location.reload());
    $(".loading").classList.add("failed");
    again.focus();
  }
  window.beloteLoadFailed = fail;
  addEventListener("error", (event) => {
    if (!started() && event.error) fail(event.message || event.error);
  });
  addEventListener("unhandledrejection", (event) => {
    if (!started()) fail(event.reason && event.reason.message ? event.reason.message : event.reason);
  });

  addEventListener("DOMContentLoaded", () => {
    const out = $("[data-loading-progress]");
    if (out && out.textContent === WORDS.en[0]) out.textContent = loading;
    const bar = $("[data-loading-bar]");
    if (bar) bar.setAttribute("aria-label", loading);
    const heldOut = $("[data-loading-held]");
    if (heldOut) heldOut.textContent = heldWords;
    // PyScript shows an error it could not handle as a .py-error element: that is a failure.
    window.beloteFirstPaint(); // if index.html has not called it already
    new MutationObserver((changes, observer) => {
      if (started()) {
        observer.disconnect();
        window.fetch = realFetch;
        performance.mark("belote:ready");
        replay();
        fillOffline();
        return;
      }
      const shownError = $(".py-error");
      if (shownError) fail(shownError.textContent.trim().split("\n").pop());
    }).observe(document.body, { childList: true, subtree: true, attributes: true,
                                attributeFilter: ["data-phase"] });
  });
  addEventListener("py:progress", (event) => {
    const out = $("[data-loading-progress]");
    if (out && event.detail in LABELS) out.textContent = LABELS[event.detail];
  });
  // The service worker (sw.js), and updates: a new version installs and waits while a page
  // runs the old one; the page offers it (web/browser/adapter.py listens to "belote:update") and
  // beloteApplyUpdate() lets it take over and reloads. A visit that finds a new version waiting
  // activates it before PyScript starts, so a page never runs two versions' files.
  const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
  let controller = sw && sw.controller;
  const offer = () => {
    window.beloteUpdateReady = true;
    dispatchEvent(new Event("belote:update"));
  };
  const watch = (registration) => {
    // A new version waits while another controls the page. (On a first visit the worker that
    // just installed may already control the page by the time its "installed" reaches it, as
    // WebKit was seen to do: no update to offer then.)
    const installed = (worker) => {
      if (worker.state === "installed" && sw.controller && sw.controller !== worker) offer();
    };
    if (registration.waiting && sw.controller) offer();
    if (registration.installing) {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => installed(worker));
    }
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (worker) worker.addEventListener("statechange", () => installed(worker));
    });
    const check = () => registration.update().catch(() => {}); // offline: next time
    addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") check();
    });
    setInterval(check, 3600 * 1000);
  };
  // --- offline: once the table is playable, the service worker fetches what offline play still
  // lacks, one file at a time (sw.js "fill"); <html data-offline> is "filling", then "ready"
  // (everything kept: the game starts with no network, from its memory snapshot) or
  // "incomplete" (something could not be had; asked again on the next start). No attribute
  // without a service worker. Settings says it (web/storage/settings_panel.py).
  let fillAsked = false;
  const fillOffline = () => {
    if (!sw || fillAsked) return;
    if (!sw.controller) {
      sw.addEventListener("controllerchange", fillOffline, { once: true });
      return;
    }
    fillAsked = true;
    if (document.documentElement.dataset.offline !== "ready") {
      document.documentElement.dataset.offline = "filling";
    }
    // (after the early copies are written, so that the worker adopts them)
    Promise.all(keeping).then(() => sw.controller && sw.controller.postMessage("fill"));
  };
  if (sw) {
    sw.addEventListener("message", (event) => {
      const state = event.data && event.data.offline;
      if (state === "ready" || state === "incomplete") {
        document.documentElement.dataset.offline = state;
        dispatchEvent(new Event("belote:offline"));
      }
    });
  }
  window.beloteApplyUpdate = () => {
    sw.getRegistration().then((registration) => {
      if (registration && registration.waiting) registration.waiting.postMessage("skip-waiting");
      else location.reload();
    });
  };
  // --- the game's Python: fetched and unzipped while the runtime boots ----------------------
  // window.beloteGame: a promise of web/build/python.zip's files ([path, bytes], inflated with
  // DecompressionStream), or of the zip's bytes where the browser cannot inflate (web/main.py
  // then has Pyodide unpack it). web/main.py calls beloteUnpack(FS) to write them.
  const unzip = async (buffer) => {
    const view = new DataView(buffer);
    let end = buffer.byteLength - 22;
    while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
    if (end < 0) throw new Error("python.zip: not a zip");
    const entries = [];
    for (let i = 0, at = view.getUint32(end + 16, true); i < view.getUint16(end + 10, true); i++) {
      if (view.getUint32(at, true) !== 0x02014b50) throw new Error("python.zip: bad directory");
      const method = view.getUint16(at + 10, true);
      const size = view.getUint32(at + 20, true);
      const nameLength = view.getUint16(at + 28, true);
      const local = view.getUint32(at + 42, true);
      const name = new TextDecoder().decode(new Uint8Array(buffer, at + 46, nameLength));
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      if (name.endsWith("/")) continue;
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = new Uint8Array(buffer, start, size);
      if (method === 0) {
        entries.push([name, data]);
      } else if (method === 8) {
        const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
        entries.push([name, new Response(stream).arrayBuffer().then((b) => new Uint8Array(b))]);
      } else {
        throw new Error(`python.zip: ${name}: method ${method}`);
      }
    }
    return Promise.all(entries.map(async ([name, data]) => [name, await data]));
  };
  const fetchGame = (after) => after
    .then(() => window.fetch(new URL("./build/python.zip", BOOT_URL)))
    .then((response) => {
      if (!response.ok) throw new Error(`python.zip: HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then((buffer) => {
      if (typeof DecompressionStream !== "function") return buffer;
      return unzip(buffer).catch((error) => {
        console.warn("Unzipping in JavaScript failed; Pyodide unpacks the zip:", error);
        return buffer;
      });
    });
  window.beloteUnpack = (FS, files) => {
    for (const [name, data] of files) {
      const slash = name.lastIndexOf("/");
      if (slash > 0) FS.mkdirTree(name.slice(0, slash));
      FS.writeFile(name, data);
    }
    window.beloteGame = null; // (written: its files need not stay in memory twice)
  };
  // The runtime's modules, asked for together rather than one import after another (on a
  // first visit this brings Pyodide's fetch of its wasm a round trip sooner).
  let preloaded = false;
  const preloadModules = () => {
    if (preloaded) return;
    preloaded = true;
    for (const path of ["./vendor/pyscript/core.js", "./runtime.mjs",
                        "./vendor/pyodide/pyodide.mjs", "./vendor/pyodide/pyodide.asm.mjs"]) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = new URL(path, BOOT_URL).href;
      document.head.append(link);
    }
  };
  // A later visit reads the wasm and the memory snapshot from the service worker's cache at
  // once, while the modules that ask for them load: Pyodide's fetch of the wasm gets that same
  // response (untouched, so that the browser's compiled-wasm cache still applies), and
  // web/runtime.mjs takes window.beloteSnapshot (a promise of null, or of {bytes: a promise of
  // the cached file's bytes}) instead of looking itself. (Not when the query chooses how to
  // start: ?snapshot=0|1.)
  const readEarly = () => {
    const answer = realFetch(WASM_URL, { credentials: "same-origin" });
    answer.catch(() => {}); // Pyodide sees it
    early.set(WASM_URL, answer);
    window.fetch = function (input, init) { // (until the table is up: realFetch again then)
      return takeEarly(urlOf(input)) ?? realFetch.call(this, input, init);
    };
    if (typeof caches === "undefined" || new URLSearchParams(location.search).has("snapshot")) {
      return;
    }
    window.beloteSnapshot = caches.match(new URL("./build/snapshot.bin.gz", BOOT_URL).href)
      .then((response) => (response && response.ok ? { bytes: response.arrayBuffer() } : null))
      .catch(() => null);
  };
  // Pyodide starts now, from its memory snapshot, while PyScript loads (web/runtime.mjs,
  // PyScript's interpreter); a later visit starts it at once, before the registration check.
  let runtime = null;
  const startRuntime = () => {
    runtime ??= import("./runtime.mjs").then((module) => module.start());
    return runtime;
  };
  let pyscriptStarted = false;
  const startPyScript = () => {
    if (!pyscriptStarted) {
      preloadModules();
      startRuntime().catch(() => {}).finally(runtimeIn);
      window.beloteGame = fetchGame(counting ? runtimeArrived : Promise.resolve());
      window.beloteGame.catch(() => {}); // said by fail(); web/main.py sees it too
      // PyScript asks for web/main.py only once Python is up: a first visit fetches it now
      // (the service worker keeps it), so that it is not a round trip then.
      if (counting) {
        realFetch(new URL("./main.py", BOOT_URL)).then((r) => r.arrayBuffer()).catch(() => {});
      }
      import("./vendor/pyscript/core.js");
    }
    pyscriptStarted = true;
  };
  if (!sw) {
    startPyScript();
    return;
  }
  sw.addEventListener("controllerchange", () => {
    // Another version took over (this page's choice, or another tab's): reload into it. The
    // first version claiming an uncontrolled page changes nothing that runs.
    if (controller) location.reload();
    controller = sw.controller;
  });
  const IN_CHARGE_MS = 4000;
  const inCharge = (registration) => new Promise((resolve) => {
    if (sw.controller) return resolve();
    sw.addEventListener("controllerchange", resolve, { once: true });
    setTimeout(resolve, IN_CHARGE_MS);
    const worker = registration.installing || registration.waiting;
    if (worker) {
      worker.addEventListener("statechange", () => {
        if (worker.state === "redundant") resolve(); // it failed to install
      });
    }
  });
  const register = () =>
    sw.register("./sw.js").catch((error) => {
      console.warn("Offline play unavailable:", error);
      return null;
    });
  if (sw.controller) {
    // A later visit: the runtime's modules come from the service worker's cache; have the
    // browser load and compile them now, while the registration is checked and PyScript starts.
    preloadModules();
    readEarly();
    startRuntime().catch(() => {}); // (said when PyScript starts it)
    sw.getRegistration()
      .then((registration) => {
        if (registration && registration.waiting) {
          registration.waiting.postMessage("skip-waiting"); // controllerchange reloads the page
          return;
        }
        startPyScript();
      })
      .catch(startPyScript);
    addEventListener("py:all-done", () => register().then((r) => r && watch(r)), { once: true });
    return;
  }
  // No service worker yet (a first visit): the runtime's two big files are on their way (see
  // keepEarly: sw.js adopts them from EARLY_CACHE), and the link is busy with them for seconds.
  // PyScript starts once the service worker, installed meanwhile, is in charge of the page (it
  // keeps what the page loaded before from the HTTP cache: sw.js keepShell): so every other file
  // goes through it and is kept on its way, and neither the fill nor the bots' worker asks the
  // server for it again. Not longer than IN_CHARGE_MS, nor if it cannot install: then the page
  // starts all the same (the fill may then fetch a few files again).
  register()
    .then((registration) => registration && (watch(registration), inCharge(registration)))
    .finally(startPyScript);
})();
