/* Loaded before PyScript: shows the boot progress, registers the service worker (and offers
   its updates), then starts PyScript.
   Python (web/main.py) takes over by setting <main data-phase> to something else than "loading".
   The progress speaks the table's language: the saved choice, else the browser's (as
   web/i18n.py detect_language); <html lang> tells web/main.py, and the table confirms it. */
(() => {
  // web/i18n.py and web/locales: loading, loading.python, loading.game, loading.deal
  // (tests/test_i18n.py checks that they are the same).
  const WORDS = {
    en: ["Loading…", "Starting Python…", "Loading the game…", "Dealing…"],
    es: ["Cargando…", "Iniciando Python…", "Cargando el juego…", "Repartiendo…"],
    fr: ["Chargement…", "Démarrage de Python…", "Chargement du jeu…", "Distribution…"],
    bg: ["Зареждане…", "Стартиране на Python…", "Зареждане на играта…", "Раздаване…"],
    hr: ["Učitavanje…", "Pokretanje Pythona…", "Učitavanje igre…", "Dijeljenje…"],
  };
  // The save, parsed at most once and only within the size guard of web/safejson.py (a bad
  // save is the table's business: it sets it aside and says so).
  const saved = (() => {
    try {
      const raw = localStorage.getItem("belote.v1");
      return raw && raw.length <= 2000000 ? JSON.parse(raw) : null;
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
  // The theme too, so that the loading screen has it already (web/table.py keeps data-theme
  // up to date afterwards): the saved choice, else the system's.
  try {
    let theme = saved && saved.settings && saved.settings.theme;
    if (theme !== "light" && theme !== "dark") {
      theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    }
    document.documentElement.dataset.theme = theme;
    // The browser's bar takes the page's colour (style.css --page; web/table.py THEME_COLOURS).
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.content = theme === "dark" ? "#0b3a1f" : "#ebe5d4";
  } catch (error) {
    // an unreadable save: the table sets it aside and sets the theme once it starts
  }
  const [loading, python, game, deal] = WORDS[language];
  const LABELS = {
    "Loading Pyodide": python,
    "Loading interpreter": python,
    "Loaded interpreter": python,
    "Loading files": game,
    "Loaded files": game,
    "Loaded Pyodide": deal,
  };
  addEventListener("DOMContentLoaded", () => {
    const out = document.querySelector("[data-loading-progress]");
    if (out && out.textContent === WORDS.en[0]) out.textContent = loading;
  });
  addEventListener("py:progress", (event) => {
    const out = document.querySelector("[data-loading-progress]");
    if (out && event.detail in LABELS) out.textContent = LABELS[event.detail];
  });
  // The service worker (sw.js), and updates: a new version installs and waits while a page
  // runs the old one; the page offers it (web/table.py listens to "belote:update") and
  // beloteApplyUpdate() lets it take over and reloads. A visit that finds a new version waiting
  // activates it before PyScript starts, so a page never runs two versions' files.
  const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
  let controller = sw && sw.controller;
  const offer = () => {
    window.beloteUpdateReady = true;
    dispatchEvent(new Event("belote:update"));
  };
  const watch = (registration) => {
    const installed = (worker) => {
      if (worker.state === "installed" && sw.controller) offer();
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
  window.beloteApplyUpdate = () => {
    sw.getRegistration().then((registration) => {
      if (registration && registration.waiting) registration.waiting.postMessage("skip-waiting");
      else location.reload();
    });
  };
  let started = false;
  const startPyScript = () => {
    if (!started) import("./vendor/pyscript/core.js");
    started = true;
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
  const register = () =>
    sw.register("./sw.js").catch((error) => {
      console.warn("Offline play unavailable:", error);
      return null;
    });
  if (sw.controller) {
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
  // No service worker yet (a first visit): install it first, then start, so that every file is
  // downloaded once, by it, and the page loads them from its cache. On any failure, start.
  register()
    .then((registration) => {
      if (!registration) return startPyScript();
      watch(registration);
      const worker = registration.installing || registration.waiting || registration.active;
      if (!worker || worker.state === "activated") return startPyScript();
      worker.addEventListener("statechange", () => {
        if (worker.state === "activated" || worker.state === "redundant") startPyScript();
      });
    })
    .catch(startPyScript);
})();
