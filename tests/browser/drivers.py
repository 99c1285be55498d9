"""One small driver interface over three browsers, for the smoke and bad-save suites (smoke.py).

- :class:`Chromium`: a Playwright page (the harness of the other browser tests).
- :class:`Firefox`: Debian's ``firefox-esr``, headless, driven over WebDriver BiDi by a minimal
  client (``websocket-client``): no geckodriver, nothing downloaded. Console errors and uncaught
  errors come from BiDi's ``log.entryAdded``.
- :class:`WebKit`: Debian's ``WebKitWebDriver`` and its MiniBrowser (WebKitGTK, Safari's engine)
  under Xvfb, through Selenium with the driver's path given (so Selenium Manager downloads
  nothing). Classic WebDriver has no console log, so the test server injects ERROR_CATCHER at the
  top of the page: uncaught errors, rejections and console.error, kept in sessionStorage across
  reloads.

Each driver offers ``goto(url)``, ``reload()``, ``call(js_function_source, *args)`` (its JSON
result), ``wait(js_function_source, timeout)`` (polling with short calls: a WebKit script call
right after navigation can hang, so calls are short and retried), ``click(selector)`` (a real
click, through the browser's input), ``click_at(x, y)`` (the same at a point of the viewport),
``resize(width, height)`` (the page's viewport as near that
size as the browser allows: the inner size it got), ``screenshot(path)`` (PNG) and
``errors()``. :func:`firefox_missing` and :func:`webkit_missing` say why a browser cannot be had
here (None when it can).
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

FIREFOX = "firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = next(iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))),
                   "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = "Xvfb"
BOOT_TIMEOUT = 120.0

ERROR_CATCHER = b"""<script>(() => {
  const KEY = "belote.test.errors";
  const add = (text) => {
    try {
      const all = JSON.parse(sessionStorage.getItem(KEY) || "[]");
      all.push(String(text).slice(0, 500));
      sessionStorage.setItem(KEY, JSON.stringify(all));
    } catch (error) {}
  };
  addEventListener("error", (e) => {
    if (e instanceof ErrorEvent) add(`uncaught: ${e.message} ${e.filename}:${e.lineno}`);
  });
  addEventListener("unhandledrejection", (e) => add(`unhandled rejection: ${e.reason}`));
  const original = console.error;
  console.error = (...args) => { add(`console.error: ${args.join(" ")}`); original(...args); };
})();</script>
"""


class DriverError(RuntimeError):
    pass


def _as_call(source: str, args) -> str:
    """An expression that calls the JS function ``source`` with ``args`` and gives its result
    as JSON text (awaited when it is a promise)."""
    return (f"Promise.resolve(({source})(...{json.dumps(list(args))}))"
            f".then((r) => JSON.stringify(r === undefined ? null : r))")


def poll(call, source: str, args=(), timeout: float = 60.0, interval: float = 0.1):
    """Call ``source`` until it returns something truthy; its value. TimeoutError after
    ``timeout`` with the last value or error."""
    deadline, last = time.monotonic() + timeout, None
    while True:
        try:
            last = call(source, *args)
            if last:
                return last
        except DriverError as error:
            last = error
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:.0f} s for {source[:80]!r}; last: {last!r}")
        time.sleep(interval)


# The inner size once a resize has been laid out: the same for two frames in a row.
SETTLED_JS = """async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
    let last = null;
    for (let i = 0; i < 60; i++) {
        await frame();
        const now = [innerWidth, innerHeight];
        if (last && now[0] === last[0] && now[1] === last[1]) return now;
        last = now;
    }
    return last;
}"""


def settled(driver, width: int, height: int, timeout: float = 5.0) -> tuple[int, int]:
    """Wait (up to ``timeout``) until the page has the size asked for, or a size it keeps; the
    inner size it has."""
    deadline = time.monotonic() + timeout
    while True:
        size = tuple(driver.call(SETTLED_JS))
        if size == (width, height) or time.monotonic() > deadline:
            return size
        time.sleep(0.1)


def end_browser(process: subprocess.Popen, profile: str) -> None:
    """Wait for a browser asked to close (killed after 20 s), then remove its profile."""
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    shutil.rmtree(profile, ignore_errors=True)


# --- Chromium ---------------------------------------------------------------------------------
class Chromium:
    """A Playwright page behind the same interface (the harness's PageLog keeps its errors)."""

    name = "chromium"

    def __init__(self, page, log):
        self.page, self.log = page, log

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def call(self, source: str, *args):
        try:
            return json.loads(self.page.evaluate(_as_call(source, args)))
        except Exception as error:  # a navigation destroyed the context: poll again
            raise DriverError(str(error)) from None

    def wait(self, source: str, timeout: float = 60.0, args=()):
        return poll(self.call, source, args, timeout)

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()

    def click_at(self, x: float, y: float) -> None:
        self.page.mouse.click(x, y)

    def resize(self, width: int, height: int) -> tuple[int, int]:
        self.page.set_viewport_size({"width": width, "height": height})
        return settled(self, width, height)

    def screenshot(self, path: str) -> None:
        self.page.screenshot(path=path)

    def errors(self, warnings: bool = False) -> list[str]:
        return self.log.problems(warnings)


# --- Firefox ----------------------------------------------------------------------------------
def firefox_missing() -> str | None:
    if shutil.which(FIREFOX) is None:
        return f"{FIREFOX} is not installed (./test installs it on Debian)"
    try:
        import websocket  # noqa: F401
    except ImportError:
        return "websocket-client is not installed (requirements-dev.txt)"
    return None


class Firefox:
    """Firefox ESR over WebDriver BiDi. ``prefs`` go to the fresh profile's user.js."""

    name = "firefox"

    def __init__(self, prefs: dict | None = None):
        import websocket

        self.profile = tempfile.mkdtemp(prefix="belote-firefox-")
        lines = [f"user_pref({json.dumps(k)}, {json.dumps(v)});" for k, v in
                 {"browser.shell.checkDefaultBrowser": False, **(prefs or {})}.items()]
        Path(self.profile, "user.js").write_text("\n".join(lines) + "\n")
        self.process = subprocess.Popen(
            [shutil.which(FIREFOX), "--headless", "--no-remote", "--profile", self.profile,
             "--remote-debugging-port=0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace")
        url = self._listening()
        self.ws = websocket.create_connection(url + "/session", suppress_origin=True,
                                              timeout=BOOT_TIMEOUT)
        self.next_id, self.events = 0, []
        self.version = self.send("session.new", capabilities={})["capabilities"]["browserVersion"]
        self.send("session.subscribe", events=["log.entryAdded"])
        self.context = self.send("browsingContext.getTree")["contexts"][0]["context"]

    def _listening(self) -> str:
        found: list[str] = []
        ready = threading.Event()

        def read():
            for line in self.process.stderr:
                match = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if match and not found:
                    found.append(match.group(1))
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()  # drains stderr for good
        if not ready.wait(60) or not found:
            self.close()
            raise DriverError("Firefox did not start its WebDriver BiDi server")
        return found[0]

    def send(self, method: str, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("type") == "event":
                self.events.append(message)
            elif message.get("id") == self.next_id:
                if message.get("type") == "error":
                    raise DriverError(f"{method}: {message.get('error')}: "
                                      f"{message.get('message')}")
                return message["result"]

    def new_page(self) -> None:
        """A new tab, the page of the calls that follow; the one before closed (after the new
        one opens: closing a browser's last tab may end it)."""
        old = self.context
        self.context = self.send("browsingContext.create", type="tab")["context"]
        self.send("browsingContext.close", context=old)

    def goto(self, url: str) -> None:
        self.send("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def reload(self) -> None:
        self.send("browsingContext.reload", context=self.context, wait="complete")

    def _evaluate(self, expression: str) -> dict:
        result = self.send("script.evaluate", expression=expression, awaitPromise=True,
                           target={"context": self.context})
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise DriverError(f"script error: {details.get('text')}")
        return result["result"]

    def call(self, source: str, *args):
        return json.loads(self._evaluate(_as_call(source, args)).get("value", "null"))

    def wait(self, source: str, timeout: float = 60.0, args=()):
        return poll(self.call, source, args, timeout)

    def click(self, selector: str) -> None:
        node = self._evaluate(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                              " if (e) e.scrollIntoView({block: 'center'}); return e; })()")
        if node.get("type") != "node":
            raise DriverError(f"no element {selector}")
        origin = {"type": "element", "element": {"sharedId": node["sharedId"]}}
        self.send("input.performActions", context=self.context, actions=[{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0}]}])
        self.send("input.releaseActions", context=self.context)

    def click_at(self, x: float, y: float) -> None:
        self.send("input.performActions", context=self.context, actions=[{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": round(x), "y": round(y),
                         "origin": "viewport"},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0}]}])
        self.send("input.releaseActions", context=self.context)

    def resize(self, width: int, height: int) -> tuple[int, int]:
        self.send("browsingContext.setViewport", context=self.context,
                  viewport={"width": width, "height": height})
        return settled(self, width, height)

    def screenshot(self, path: str) -> None:
        import base64

        shot = self.send("browsingContext.captureScreenshot", context=self.context)
        Path(path).write_bytes(base64.b64decode(shot["data"]))

    def forget_log(self) -> None:
        """Start a new log: :meth:`errors` then reports only what comes after (one browser may
        serve several tests, each answering for its own errors)."""
        self.send("session.status")  # events sent before its answer are read by now
        self.events.clear()

    def errors(self, warnings: bool = False) -> list[str]:
        """Uncaught errors and console errors (and console warnings if asked), of every realm:
        the page, its workers, the service worker."""
        self.send("session.status")  # events sent before its answer are read by now
        levels = ("error", "warn") if warnings else ("error",)
        out = []
        for event in self.events:
            entry = event.get("params", {})
            if event.get("method") != "log.entryAdded":
                continue
            if entry.get("type") == "javascript" or entry.get("level") in levels:
                where = (entry.get("source") or {}).get("realm", "")
                out.append(f"{entry.get('type')} {entry.get('level')}: {entry.get('text')} "
                           f"({where})")
        return out

    def close(self) -> None:
        try:
            self.send("browser.close")
        except Exception:
            pass
        end_browser(self.process, self.profile)


# --- WebKit -----------------------------------------------------------------------------------
def webkit_missing() -> str | None:
    for path, what in ((WEBKIT_DRIVER, "webkit2gtk-driver"), (MINIBROWSER, "its MiniBrowser")):
        if not os.path.exists(path):
            return f"{path} is missing ({what}: ./test installs it on Debian)"
    if shutil.which(XVFB) is None:
        return "Xvfb is not installed (xvfb: ./test installs it on Debian)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (requirements-dev.txt)"
    return None


class WebKit:
    """WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium, on a private Xvfb display.
    The pages must carry ERROR_CATCHER (the test server injects it)."""

    name = "webkit"
    SCRIPT_TIMEOUT = 5  # seconds: a call that hangs right after a navigation is retried

    def __init__(self):
        os.environ["SE_OFFLINE"] = "true"  # Selenium Manager: never download anything
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb = subprocess.Popen(
            [shutil.which(XVFB), "-displayfd", "1", "-screen", "0", "1280x900x24",
             "-nolisten", "tcp"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        display = self.xvfb.stdout.readline().strip()
        if not display:
            self.xvfb.kill()
            raise DriverError("Xvfb did not start")
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        # Under Xvfb there is no GPU: WebKit's accelerated compositing would paint through
        # Mesa's software OpenGL, which made a resize take 0.1 to 0.9 s to settle. Without it
        # WebKit paints in software directly (its "never" hardware acceleration policy); style,
        # layout and hit testing, what the tests read, are the same code either way.
        env = {"WEBKIT_DISABLE_COMPOSITING_MODE": "1", **os.environ, "DISPLAY": f":{display}"}
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        self.driver = None
        for attempt in range(3):  # the driver's first session sometimes fails to start
            try:
                self.driver = webdriver.WebKitGTK(options=options, service=service)
                break
            except Exception:
                if attempt == 2:
                    self.xvfb.kill()
                    raise
                time.sleep(1)
        self.driver.set_script_timeout(self.SCRIPT_TIMEOUT)
        self.driver.set_page_load_timeout(BOOT_TIMEOUT)
        self.version = self.driver.capabilities.get("browserVersion", "?")

    def _retry(self, action, what: str, attempts: int = 4):
        from selenium.common.exceptions import WebDriverException

        for attempt in range(attempts):
            try:
                return action()
            except WebDriverException as error:
                if attempt == attempts - 1:
                    raise DriverError(f"{what}: {error.msg or error}") from None
                time.sleep(0.5)

    def goto(self, url: str) -> None:
        self._retry(lambda: self.driver.get(url), f"get {url}")

    def reload(self) -> None:
        self._retry(self.driver.refresh, "refresh")

    def call(self, source: str, *args):
        script = f"const done = arguments[0]; {_as_call(source, args)}.then(done, " \
                 "(e) => done(JSON.stringify({__error: String(e)})));"
        text = self._retry(lambda: self.driver.execute_async_script(script), "script")
        value = json.loads(text) if isinstance(text, str) else None
        if isinstance(value, dict) and "__error" in value:
            raise DriverError(value["__error"])
        return value

    def wait(self, source: str, timeout: float = 60.0, args=()):
        return poll(self.call, source, args, timeout)

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        def click():
            element = self.driver.find_element(By.CSS_SELECTOR, selector)
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()

        self._retry(click, f"click {selector}")

    def click_at(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        def click():
            actions = ActionBuilder(self.driver)
            actions.pointer_action.move_to_location(round(x), round(y)).click()
            actions.perform()

        self._retry(click, f"click at {x:.0f},{y:.0f}")

    def resize(self, width: int, height: int) -> tuple[int, int]:
        """The window, so that the page gets ``width``×``height`` (the MiniBrowser's own bar
        takes some height; it keeps a least width of about 447 px: the inner size it got)."""
        inner = self.call("() => [innerWidth, innerHeight]")
        outer = self.driver.get_window_size()
        self.driver.set_window_size(width + outer["width"] - inner[0],
                                    height + outer["height"] - inner[1])
        return settled(self, width, height)

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(path)

    def errors(self) -> list[str]:
        return self.call("() => JSON.parse(sessionStorage.getItem('belote.test.errors') || '[]')")

    def close(self) -> None:
        try:
            self.driver.quit()
        except Exception:
            pass
        self.xvfb.terminate()
        try:
            self.xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.xvfb.kill()
