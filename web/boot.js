/* Loaded before PyScript: shows the boot progress and registers the service worker.
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
  const language = (() => {
    try {
      const saved = JSON.parse(localStorage.getItem("belote.v1") || "null");
      const chosen = saved && saved.settings && saved.settings.language;
      if (typeof chosen === "string" && Object.hasOwn(WORDS, chosen)) return chosen;
    } catch (error) {
      // no storage, or not JSON: the browser's language
    }
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
    const saved = JSON.parse(localStorage.getItem("belote.v1") || "null");
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
  if ("serviceWorker" in navigator) {
    addEventListener("load", () => {
      navigator.serviceWorker
        .register("./sw.js")
        .catch((error) => console.warn("Offline play unavailable:", error));
    });
  }
})();
