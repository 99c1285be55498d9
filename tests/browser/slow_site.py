"""The site served over a slow link, as a phone sees it (scripts/bench_boot.py --network and
tests/browser/test_first_visit.py).

``start_slow_server(mbit=10, delay_ms=60, gzip=True, caching="pages")`` serves the repository root
under SUBPATH like browser_harness.start_server, but:

- every response waits ``delay_ms`` before its headers (the round trip of a mobile link);
- all bodies share one link of ``mbit`` Mbit/s: they are written in small chunks, each taking
  its turn on one token bucket for all requests together;
- the types GitHub Pages compresses (HTML, CSS, JavaScript, JSON, WebAssembly, SVG) are gzipped
  on the fly when the browser accepts it (``gzip=False`` turns that off), as Pages does;
- ``caching="pages"``: GitHub Pages' caching headers, ``Cache-Control: max-age=600``, an ETag and
  a Last-Modified, and a 304 (no body) to If-None-Match or If-Modified-Since;
  ``caching="no-cache"``: ``Cache-Control: no-cache`` and no validator, so that every request
  for a file costs its whole body.

``server.meter`` counts what was sent: :meth:`Meter.bytes_until` (body bytes written up to a
wall-clock time, ``time.time()``, which is the browser's ``performance.timeOrigin`` clock) and
:meth:`Meter.total`; :meth:`Meter.paths` lists what was served, :meth:`Meter.twice` what was sent
more than once, ``Meter.not_modified`` the 304s.
"""

from __future__ import annotations

import email.utils
import functools
import gzip as gzip_module
import hashlib
import io
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

from browser_harness import LOCAL_HOST, ROOT, SUBPATH, QuietServer, SiteHandler

# The Content-Types GitHub Pages serves gzipped (text/javascript covers .js and .mjs).
GZIP_TYPES = ("text/html", "text/css", "text/javascript", "application/javascript",
              "application/json", "application/manifest+json", "application/wasm",
              "image/svg+xml")
CHUNK = 8192
MB = 1_000_000


@dataclass
class Meter:
    """Body bytes sent, chunk by chunk: (wall-clock time, path, bytes)."""

    chunks: list[tuple[float, str, int]] = field(default_factory=list)
    bodies: dict[str, int] = field(default_factory=dict)
    not_modified: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.chunks.append((time.time(), path, size))

    def clear(self) -> None:
        with self.lock:
            self.chunks.clear()
            self.bodies.clear()
            self.not_modified.clear()

    def body(self, path: str) -> None:
        """One response with a body (200) for ``path``."""
        with self.lock:
            self.bodies[path] = self.bodies.get(path, 0) + 1

    def revalidated(self, path: str) -> None:
        """One 304 (no body) for ``path``."""
        with self.lock:
            self.not_modified[path] = self.not_modified.get(path, 0) + 1

    def twice(self) -> dict[str, int]:
        """The paths sent with a body more than once, and how many times."""
        with self.lock:
            return {path: n for path, n in self.bodies.items() if n > 1}

    def bytes_until(self, when: float) -> int:
        with self.lock:
            return sum(size for at, _, size in self.chunks if at <= when)

    def total(self) -> int:
        with self.lock:
            return sum(size for _, _, size in self.chunks)

    def paths(self, until: float | None = None) -> dict[str, int]:
        """Bytes per path (under the site), in the order first served."""
        out: dict[str, int] = {}
        with self.lock:
            for at, path, size in self.chunks:
                if until is None or at <= until:
                    out[path] = out.get(path, 0) + size
        return out


class Link:
    """One shared link: a token bucket (``rate`` bytes per second) that every chunk of every
    response waits its turn on, in the order asked."""

    def __init__(self, mbit: float):
        self.rate = mbit * MB / 8
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, size: int) -> None:
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.rate
            until = self.free_at
        wait = until - time.monotonic()
        if wait > 0:
            time.sleep(wait)


# How the server lets the browser cache: GitHub Pages' headers (``max-age=600``, an ETag and a
# Last-Modified, 304 to If-None-Match or If-Modified-Since), or ``no-cache`` with no validator,
# where every request for a file costs its whole body.
CACHING = ("pages", "no-cache")


class SlowHandler(SiteHandler):
    link: Link
    meter: Meter
    delay = 0.06
    gzip = True
    caching = "pages"
    cache_control = "max-age=600"
    _gzipped: dict[tuple[str, float], bytes] = {}

    def send_head(self):
        rel = urlsplit(self.path).path
        if not rel.startswith(SUBPATH):
            self.send_error(404)
            return None
        rel = unquote(rel[len(SUBPATH):])
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        body = self.overrides.get(rel)
        mtime = 0.0
        if body is None:
            path = ROOT / rel
            if ".." in rel.split("/") or not path.is_file():
                time.sleep(self.delay)
                self.send_error(404)
                return None
            mtime = path.stat().st_mtime
            body = path.read_bytes()
        ctype = self.guess_type(rel)
        zipped = (self.gzip and ctype.split(";")[0] in GZIP_TYPES
                  and "gzip" in self.headers.get("Accept-Encoding", ""))
        validators = {}
        if self.caching == "pages":
            tag = hashlib.sha1(body).hexdigest()[:16]
            validators["ETag"] = f'W/"{tag}"' if zipped else f'"{tag}"'
            if mtime:
                validators["Last-Modified"] = email.utils.formatdate(mtime, usegmt=True)
            if self._fresh(validators["ETag"], mtime):
                time.sleep(self.delay)
                self.meter.revalidated(rel)
                self.send_response(304)
                for name, value in validators.items():
                    self.send_header(name, value)
                self.end_headers()
                return None
        if zipped:
            key = (rel, mtime if mtime else hash(body))
            if key not in self._gzipped:
                self._gzipped[key] = gzip_module.compress(body, 6, mtime=0)
            body = self._gzipped[key]
        time.sleep(self.delay)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        if zipped:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        for name, value in validators.items():
            self.send_header(name, value)
        self.end_headers()
        return io.BytesIO(body)

    def _fresh(self, etag: str, mtime: float) -> bool:
        """Whether the browser's copy is this one (If-None-Match first, as HTTP says)."""
        match = self.headers.get("If-None-Match")
        if match is not None:
            strip = lambda tag: tag.strip().removeprefix("W/")  # noqa: E731 (weak comparison)
            return match.strip() == "*" or strip(etag) in {strip(t) for t in match.split(",")}
        since = self.headers.get("If-Modified-Since")
        if since and mtime:
            try:
                return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, OverflowError):
                return False
        return False

    def copyfile(self, source, outputfile):
        path = unquote(urlsplit(self.path).path[len(SUBPATH):])
        if path == "" or path.endswith("/"):
            path += "index.html"  # one name for the page, however it was asked for
        self.meter.body(path)
        while True:
            chunk = source.read(CHUNK)
            if not chunk:
                return
            self.link.send(len(chunk))
            outputfile.write(chunk)
            self.meter.add(path, len(chunk))


def start_slow_server(mbit: float = 10.0, delay_ms: float = 60.0, gzip: bool = True,
                      caching: str = "pages",
                      overrides: dict[str, bytes] | None = None) -> tuple[QuietServer, str]:
    """Serve the site over one slow link, with ``caching`` (CACHING) headers; returns the server
    (``server.meter`` counts the bytes; stop it with browser_harness.stop_server) and its URL."""
    if caching not in CACHING:
        raise ValueError(f"caching: one of {CACHING}, not {caching!r}")
    meter = Meter()
    handler = type("Handler", (SlowHandler,), {
        "link": Link(mbit), "meter": meter, "delay": delay_ms / 1000, "gzip": gzip,
        "caching": caching, "cache_control": "max-age=600" if caching == "pages" else "no-cache",
        "overrides": {} if overrides is None else overrides, "_gzipped": {}})
    server = QuietServer((LOCAL_HOST, 0), functools.partial(handler, directory=str(ROOT)))
    server.meter = meter  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, name="slow-site", daemon=True).start()
    return server, f"http://{LOCAL_HOST}:{server.server_port}{SUBPATH}"


def megabytes(size: int) -> str:
    return f"{size / MB:.2f}"

