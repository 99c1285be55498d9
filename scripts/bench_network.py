"""The first visit over a slow link: ``python -m scripts.bench_boot --network`` (this module).

    python -m scripts.bench_boot --network [--mbit 10] [--delay-ms 60] [--no-gzip] [--runs 3]
                                           [--caching pages|no-cache]
                                           [--browsers chromium,firefox] [--params ""]

The site is served by tests/browser/slow_site.py: one link of ``--mbit`` Mbit/s shared by all
requests together, ``--delay-ms`` before each response, gzip on the fly for the types GitHub
Pages gzips (``--no-gzip``: none), and GitHub Pages' caching headers (``--caching no-cache``:
``Cache-Control: no-cache`` and no validator, so that every request costs a body). Each run
opens the table (``./``, as a player: the bots too) in a fresh profile with the service worker
allowed, and reports:

- the first visit's time to playable (``<main data-phase>`` leaves ``loading``) and the MB the
  server had sent by then (response bodies, compressed as sent);
- then waits for the background fill (``<html data-offline="ready">``, web/boot.js) and the
  bots, and reports the MB sent in total, when the fill was done, and the files whose body was
  sent more than once (and how many 304s, revalidations with no body, were answered);
- then the warm visit in the same profile: time to playable, first paint, how Python started;
- and web/bare.html (the same Pyodide through PyScript, nothing else) cold then warm in a fresh
  profile of its own, for the ratio table-warm / bare-warm.
"""

from __future__ import annotations

import statistics
import sys
import time

from browser_harness import stop_server  # tests/browser, on sys.path (scripts/bench_boot.py)
from slow_site import MB, start_slow_server

from scripts.bench_boot import Session, med

ORIGIN_JS = "() => performance.timeOrigin"
# The background fill done (web/boot.js: <html data-offline>), and the bots settled (web/ai.py:
# <main data-bots>, on the page or in their worker).
SETTLED_JS = """() => {
  const offline = document.documentElement.dataset.offline || "";
  const bots = document.querySelector("main").dataset.bots || "";
  return offline === "ready" && bots ? [offline, bots, performance.now()] : null;
}"""
FILL_TIMEOUT = 300.0


def first_visit(kind: str, chromium, server, url: str) -> dict:
    """One fresh profile: the cold visit, the fill, the warm visit."""
    meter = server.meter
    meter.clear()
    session = Session(kind, chromium, service_workers="allow")
    try:
        cold = session.visit(url)
        origin = session.driver.call(ORIGIN_JS)
        until = meter.bytes_until((origin + cold["ready"]) / 1000)
        files = meter.paths((origin + cold["ready"]) / 1000)
        settled = session.driver.wait(SETTLED_JS, timeout=FILL_TIMEOUT)
        time.sleep(0.5)
        total = meter.total()
        twice, not_modified = meter.twice(), sum(meter.not_modified.values())
        warm = session.visit(url)
        return {"ready": cold["ready"], "until": until, "total": total, "filled": settled[2],
                "twice": twice, "not_modified": not_modified, "bots": settled[1],
                "cold_boot": cold.get("boot"), "warm": warm["ready"], "paint": warm["paint"],
                "warm_boot": warm.get("boot"), "files": files}
    finally:
        session.close()


def bare_visit(kind: str, chromium, url: str) -> dict:
    session = Session(kind, chromium, service_workers="allow")
    try:
        cold = session.visit(url)
        time.sleep(0.5)
        warm = session.visit(url)
        return {"cold": cold["ready"], "warm": warm["ready"]}
    finally:
        session.close()


def runs_of(values: list[float], scale: float = 1.0, digits: int = 0) -> str:
    return " ".join(f"{v / scale:.{digits}f}" for v in values)


def counts(values: list) -> str:
    found = [v or "?" for v in values]
    return ", ".join(f"{how} {found.count(how)}x" for how in dict.fromkeys(found))


def report(kind: str, version: str, table: list[dict], bare: list[dict]) -> None:
    print(f"{kind} {version}: first visit, fresh profile, service worker allowed; "
          f"median of {len(table)} runs")
    if not table:
        print("  no run finished")
        return
    ready = [r["ready"] for r in table]
    until = [r["until"] for r in table]
    total = [r["total"] for r in table]
    print(f"  first visit playable      {med(ready):>6} ms     runs: {runs_of(ready)}")
    print(f"  served until playable     {statistics.median(until) / MB:>6.2f} MB     "
          f"runs: {runs_of(until, MB, 2)}")
    print(f"  served in total           {statistics.median(total) / MB:>6.2f} MB     "
          f"runs: {runs_of(total, MB, 2)} (background fill done and bots ready at "
          f"{runs_of([r['filled'] for r in table])} ms)")
    print(f"  first visit started Python: {counts([r['cold_boot'] for r in table])}; "
          f"the bots think: {counts([r['bots'] for r in table])}")
    twice = [sum(r["twice"].values()) - len(r["twice"]) for r in table]
    print(f"  bodies sent again         {statistics.median(twice):>6.0f}        runs: "
          f"{runs_of(twice)} (304s: {runs_of([r['not_modified'] for r in table])})")
    again = table[len(table) // 2]["twice"]
    if again:
        print("  sent more than once: " + ", ".join(
            f"{path.rsplit('/', 1)[-1]} {n}x" for path, n in sorted(again.items())))
    files = table[len(table) // 2]["files"]
    biggest = sorted(files.items(), key=lambda item: -item[1])[:6]
    print("  until playable, the biggest: "
          + ", ".join(f"{path.rsplit('/', 1)[-1]} {size / MB:.2f}" for path, size in biggest)
          + f" ({len(files)} files)")
    warm = [r["warm"] for r in table]
    paint = [r["paint"] for r in table if r["paint"] is not None]
    print(f"  warm visit playable       {med(warm):>6} ms     runs: {runs_of(warm)}")
    print(f"  warm visit first paint    {med(paint):>6} ms     runs: {runs_of(paint)}")
    print(f"  warm visit started Python: {counts([r['warm_boot'] for r in table])}")
    if bare:
        cold_b = [r["cold"] for r in bare]
        warm_b = [r["warm"] for r in bare]
        print(f"  bare Pyodide page         cold {med(cold_b)} ms, warm {med(warm_b)} ms     "
              f"runs: cold {runs_of(cold_b)} | warm {runs_of(warm_b)}")
        ratio = statistics.median(warm) / statistics.median(warm_b)
        line = f"  ratio table-warm / bare-warm: {ratio:.2f} (of the medians)"
        if len(warm) == len(warm_b):
            pairs = [a / b for a, b in zip(warm, warm_b)]
            line += f"; run by run: {' '.join(f'{p:.2f}' for p in pairs)}"
        print(line)


def run(args, chromium, browsers: list[str], missing, version_of, overrides: dict) -> None:
    server, base = start_slow_server(mbit=args.mbit, delay_ms=args.delay_ms,
                                     gzip=not args.no_gzip, caching=args.caching,
                                     overrides=overrides)
    params = args.params.lstrip("?&")
    url = base + (f"?{params}" if params else "")
    runs = args.runs
    print(f"network: {args.mbit:g} Mbit/s shared by all requests, {args.delay_ms:g} ms per "
          f"request, gzip {'off' if args.no_gzip else 'on'} (GitHub Pages' types), caching "
          f"{args.caching}; ms since navigation start\n", flush=True)
    try:
        for kind in browsers:
            why = missing(kind)
            if why:
                print(f"{kind}: skipped ({why})\n")
                continue
            table, bare = [], []
            for number in range(runs):
                for name in ("table", "bare"):
                    try:
                        if name == "table":
                            table.append(first_visit(kind, chromium, server, url))
                        else:
                            bare.append(bare_visit(kind, chromium, base + "web/bare.html"))
                    except Exception as error:  # reported; the other runs still count
                        text = f"{error}".splitlines()[0] if f"{error}" else type(error).__name__
                        print(f"bench_boot: {kind} {name} run {number + 1} failed: {text}",
                              file=sys.stderr, flush=True)
            report(kind, version_of(kind, chromium), table, bare)
            print(flush=True)
    finally:
        stop_server(server)

