/* Loaded before PyScript: shows the boot progress and registers the service worker.
   Python (web/main.py) takes over by setting <main data-phase> to something else than "loading". */
(() => {
  const LABELS = {
    "Loading Pyodide": "Starting Python…",
    "Loading interpreter": "Starting Python…",
    "Loaded interpreter": "Python started",
    "Loading files": "Loading the game…",
    "Loaded files": "Loading the game…",
    "Loaded Pyodide": "Dealing…",
  };
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
