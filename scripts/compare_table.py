"""One-off check (issue 25): the table draws the same before and after the controller split.

Runs the table of a git revision (``--old``, default 2a9a645, the last before the split: its
web/table.py and web/review_panel.py, the single class that imported PyScript) and the table
of the working tree (web/table.py, the adapter around web/controller.py) in CPython, each on
the same fake DOM
(a stand-in ``pyscript`` module: elements that keep their HTML and attributes, a dict for
localStorage), and plays the same scripted sessions on both: whole matches with fixed seeds in
every rule set, the human's choices drawn from a seeded generator among the page's own buttons,
mixed with panels, keys, hints, refused cards and bids, settings, "New game" and its undo, a
second tab taking the game and the game taken back. After every event (and the bots' turns it
starts) it compares every region's HTML, ``<main>``'s and ``<html>``'s attributes, the storage
(the save, the paint) and the sounds played. Both sides use the same bots (a seeded choice
among the legal actions: the on-page bots depend on the time they get) and no pauses.

It also draws every step of the replay viewer (web/replay.py) of both for the same records.

    python3 scripts/compare_table.py [--old 2a9a645] [--sessions 3] [--replays 3]

Prints one line per session and exits 1 at the first difference, showing it.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import random
import re
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
_real_sleep = asyncio.sleep


# --- a DOM that is just enough for the table ----------------------------------------------------
class ClassList:
    def __init__(self):
        self.names: set[str] = set()

    def add(self, name):
        self.names.add(name)

    def remove(self, name):
        self.names.discard(name)


class El:
    nodeType = 1
    isConnected = True
    disabled = False
    checked = False

    def __init__(self, tag: str = "div", attrs: dict | None = None, closest_self: bool = False):
        self.tagName = tag.upper()
        self.attrs = dict(attrs or {})
        self.innerHTML = ""
        self.textContent = ""
        self.className = ""
        self.children: list = []
        self.classList = ClassList()
        self.listeners: dict[str, list] = {}
        self.parentNode = None
        self.closest_self = closest_self
        self.type = self.attrs.get("type")
        self.value = self.attrs.get("value")

    def getAttribute(self, name):  # noqa: N802 - the DOM's names
        return self.attrs.get(name)

    def setAttribute(self, name, value):  # noqa: N802
        self.attrs[name] = str(value)

    def removeAttribute(self, name):  # noqa: N802
        self.attrs.pop(name, None)

    def hasAttribute(self, name):  # noqa: N802
        return name in self.attrs

    def querySelector(self, selector):  # noqa: N802
        return None

    def querySelectorAll(self, selector):  # noqa: N802
        return []

    def appendChild(self, child):  # noqa: N802
        self.children.append(child)
        child.parentNode = self

    def addEventListener(self, kind, handler):  # noqa: N802
        self.listeners.setdefault(kind, []).append(handler)

    def closest(self, selector):
        if not self.closest_self:
            return None
        if "[data-region=" in selector:
            return None
        return self

    def focus(self, *args):
        pass

    def contains(self, other):
        return False


class Storage:
    def __init__(self):
        self.items: dict[str, str] = {}

    def getItem(self, key):  # noqa: N802
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


class Console:
    def __init__(self):
        self.errors: list[str] = []

    def error(self, text):
        self.errors.append(str(text))


REGIONS = ("bar", "notice", "score", "seats", "center", "contract", "bids", "declare", "message",
           "hand", "overlay")


class Document:
    def __init__(self):
        self.documentElement = El("html")
        self.body = El("body")
        self.activeElement = self.body
        self.main = El("main")
        self.game = El("div")
        self.meta = El("meta")
        self.regions = {name: El("div", {"data-region": name}) for name in REGIONS}
        self.labelled = {sel: El("div") for sel in ("[data-region=score]", ".felt", ".me")}
        self.listeners: dict[str, list] = {}
        self.title = ""

    def querySelector(self, selector):  # noqa: N802
        if selector == "main":
            return self.main
        if selector == ".game":
            return self.game
        if selector.startswith("meta"):
            return self.meta
        return self.labelled.get(selector)

    def querySelectorAll(self, selector):  # noqa: N802
        return list(self.regions.values()) if selector == "[data-region]" else []

    def createElement(self, tag):  # noqa: N802
        return El(tag)

    def addEventListener(self, kind, handler):  # noqa: N802
        self.listeners.setdefault(kind, []).append(handler)


class MediaQuery:
    matches = False

    def addEventListener(self, kind, handler):  # noqa: N802
        pass


class Window:
    def __init__(self):
        self.localStorage = Storage()
        self.console = Console()
        self.navigator = types.SimpleNamespace(languages=["en-GB"], language="en-GB")
        self.listeners: dict[str, list] = {}

    def matchMedia(self, query):  # noqa: N802
        return MediaQuery()

    def addEventListener(self, kind, handler):  # noqa: N802
        self.listeners.setdefault(kind, []).append(handler)

    def beloteApplyUpdate(self):  # noqa: N802
        pass


class Sounds:
    """Stands for web.sound.Sound: notes what is played."""

    played_names: list[str] = []

    def __init__(self):
        self.played = 0

    def play(self, name):
        Sounds.played_names.append(name)
        self.played += 1
        return True


def install_fakes() -> types.ModuleType:
    pyscript = types.ModuleType("pyscript")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    ffi.create_once_callable = lambda f: f  # type: ignore[attr-defined]
    ffi.to_js = lambda x, **kw: x  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    sys.modules.update({"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi})
    return pyscript


def fresh_page(pyscript) -> tuple[Document, Window]:
    document, window = Document(), Window()
    pyscript.document, pyscript.window = document, window
    for name in list(sys.modules):
        if name in ("web.table", "web.review_panel", "web.events", "web.old_table",
                    "web.old_review_panel"):
            del sys.modules[name]
    return document, window


def load_old(rev: str):
    """The revision's web/table.py (with its web/review_panel.py) as module web.old_table."""
    def source(path: str) -> str:
        return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout

    import web

    panel = source("web/review_panel.py")
    table = source("web/table.py").replace("from .review_panel import",
                                           "from .old_review_panel import")
    for name, text in (("web.old_review_panel", panel), ("web.old_table", table)):
        spec = importlib.util.spec_from_loader(name, loader=None, origin=f"{rev}:{name}")
        module = importlib.util.module_from_spec(spec)
        module.__package__ = "web"
        sys.modules[name] = module
        exec(compile(text, f"{rev}:{name}", "exec"), module.__dict__)
    assert web
    return sys.modules["web.old_table"]


# --- the session ----------------------------------------------------------------------------------
class Session:
    """One scripted visit: ``params`` as the page's query, ``seed`` for the player's choices."""

    def __init__(self, side: str, page: tuple[Document, Window], old_module, params: dict,
                 seed: int):
        self.document, self.window = page
        from web import ai

        ai._worker_state = "off"
        random.seed(seed)  # the tab's id, the matches' seeds
        if side == "old":
            table_class = old_module.Table
        else:
            from web.browser.adapter import Table as table_class
        Sounds.played_names = []
        self.table = table_class(dict(params))
        self.side = side
        self.rng = random.Random(seed)
        self.trace: list[dict] = []

    @property
    def match(self):
        return self.table.match if self.side == "old" else self.table.controller.match

    async def settle(self) -> None:
        for _ in range(100_000):
            await _real_sleep(0)
            if len(asyncio.all_tasks()) <= 1:
                return
        raise RuntimeError("the tasks never ended")

    def snapshot(self, what: str) -> dict:
        d = self.document
        return {"what": what,
                "regions": {name: el.innerHTML for name, el in d.regions.items()},
                "main": dict(d.main.attrs), "html": dict(d.documentElement.attrs),
                "labels": {s: dict(el.attrs) for s, el in d.labelled.items()},
                "title": d.title, "storage": {k: v for k, v in self.window.localStorage.items
                                              .items() if k != "belote.v1.tab"},
                "sounds": list(Sounds.played_names), "errors": list(self.window.console.errors)}

    def fire(self, target, kind: str, event) -> None:
        for handler in list(target.listeners.get(kind, [])):
            handler(event)

    def click(self, **attrs) -> None:
        el = El("button", {f"data-{k}": v for k, v in attrs.items()}, closest_self=True)
        self.fire(self.document.main, "click", types.SimpleNamespace(type="click", target=el))

    def change(self, attrs: dict, checked=False, value=None, checkbox=False) -> None:
        el = El("input", {**attrs, "type": "checkbox" if checkbox else "text"},
                closest_self=True)
        el.checked, el.value = checked, value
        self.fire(self.document.main, "change", types.SimpleNamespace(type="change", target=el))

    def key(self, key: str) -> None:
        event = types.SimpleNamespace(type="keydown", key=key, ctrlKey=False, metaKey=False,
                                      altKey=False, target=self.document.body,
                                      preventDefault=lambda: None,
                                      stopPropagation=lambda: None)
        self.fire(self.document, "keydown", event)

    def other_tab(self) -> None:
        event = types.SimpleNamespace(key="belote.v1.tab", newValue="some-other-tab")
        self.fire(self.window, "storage", event)

    async def play(self, steps: int) -> list[dict]:
        self.table.start()
        await self.settle()
        self.trace.append(self.snapshot("start"))
        rng = self.rng
        for _ in range(steps):
            m = self.match
            phase = self.document.main.attrs.get("data-phase")
            extra = rng.random()
            if extra < 0.03:
                what = rng.choice(["sheet", "last-trick", "stats", "hand-info", "settings",
                                   "help", "close", "dismiss", "hint", "new-game",
                                   "undo-new-game"])
                self.click(action=what)
            elif extra < 0.05:
                what = "key " + rng.choice(["b", "Escape", "B", "x"])
                self.key(what.split()[1])
            elif extra < 0.06:
                setting, value = rng.choice([("sound", True), ("sound", False),
                                             ("four_colour", True), ("speed", "fast"),
                                             ("speed", "instant"), ("speed", "normal"),
                                             ("autoplay", True), ("language", "fr"),
                                             ("language", "en"), ("theme", "dark")])
                what = f"setting {setting}={value}"
                self.change({"data-setting": setting}, checked=value is True,
                            value=None if isinstance(value, bool) else value,
                            checkbox=isinstance(value, bool))
            elif extra < 0.065:
                what = "another tab, then take over"
                self.other_tab()
                await self.settle()
                self.trace.append(self.snapshot(what + " (passive)"))
                self.click(action="take-over")
            elif phase == "match-over":
                what = "new-game"
                self.click(action="new-game")
            elif phase == "hand-over":
                what = "next"
                self.click(action="next")
            elif phase == "auction":
                bids = re.findall(r'data-bid="([^"]*)"(?![^>]*disabled)',
                                  self.document.regions["bids"].innerHTML)
                levels = re.findall(r'data-level="([^"]*)"(?![^>]*disabled)',
                                    self.document.regions["bids"].innerHTML)
                if levels and rng.random() < 0.3:
                    what = "level " + rng.choice(levels)
                    self.click(action="bid-level", level=what.split()[1])
                elif bids and rng.random() < 0.95:
                    what = "bid " + rng.choice(bids)
                    self.click(bid=what[4:])
                else:  # a card in the auction, or a bid out of turn
                    what = "card " + m.view(0)["hand"][0]
                    self.click(card=what[5:])
            elif phase == "play":
                html = self.document.regions["hand"].innerHTML
                cards = re.findall(r'data-card="([^"]*)"', html)
                playable = [c for c in cards
                            if f'data-card="{c}" aria-disabled="true"' not in html]
                declare = re.findall(r'data-declare="([^"]*)"',
                                     self.document.regions["declare"].innerHTML)
                if declare and rng.random() < 0.5:
                    what = "untick " + declare[0]
                    self.change({"data-declare": declare[0]}, checked=False, checkbox=True)
                elif "out" in m.legal_actions() and rng.random() < 0.03:
                    what = "out"
                    self.click(action="out")
                    await self.settle()
                    self.trace.append(self.snapshot(what))
                    what = "out-confirm"
                    self.click(action="out-confirm")
                elif cards:
                    pick = playable if playable and rng.random() < 0.9 else cards
                    what = "card " + rng.choice(pick)
                    self.click(card=what[5:])
                else:
                    what = "wait"
            else:
                what = "wait"
            await self.settle()
            self.trace.append(self.snapshot(what))
        return self.trace


def patch_bots() -> None:
    from web import ai

    async def think(level, view):
        await _real_sleep(0)
        legal = [a for a in view["legal"] if a != "out"] or view["legal"]
        return random.Random(json.dumps(view, sort_keys=True)).choice(legal)

    async def suggest(view):
        await _real_sleep(0)
        return view["legal"][len(view["legal"]) // 2] if view["legal"] else None

    async def no_pause(seconds, result=None):
        await _real_sleep(0)
        return result

    ai.think, ai.suggest = think, suggest
    asyncio.sleep = no_pause  # type: ignore[assignment]


SESSIONS = [
    ({"fast": "1", "rules": "bulgarian", "level": "easy", "seed": "7", "worker": "0"}, 1),
    ({"rules": "french", "seed": "3", "worker": "0"}, 2),   # not fast: tricks rest and fly
    ({"fast": "1", "rules": "coinche", "seed": "5", "worker": "0"}, 3),
    ({"rules": "bela", "seed": "11", "worker": "0"}, 4),
    ({"fast": "1", "rules": "classic", "players": "2", "seed": "2", "worker": "0"}, 5),
    ({"rules": "classic", "players": "3", "seed": "8", "worker": "0"}, 6),
    ({"fast": "1", "rules": "classic", "players": "4", "seed": "9", "worker": "0"}, 7),
    ({"fast": "1", "rules": "bulgarian", "seed": "21", "worker": "0"}, 8),
]


def differences(a: dict, b: dict, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b), key=str):
            out += differences(a.get(k), b.get(k), f"{path}/{k}")
        return out
    return [] if a == b else [f"{path}: old {str(a)[:300]!r} new {str(b)[:300]!r}"]


def compare_replay(rev: str, matches: int) -> int:
    """The replay viewer (web/replay.py) of ``rev`` and of the working tree draw every step of
    the same records alike: each hand of a few matches per rule set (random legal play, "I'm
    out" and declarations included), from the score sheet and imported, and an unfinished
    record."""
    from belote import Match
    from web.records import replay as new
    from web.records import transfer
    from web.storage import save as storage
    from web.table import render

    source = subprocess.run(["git", "show", f"{rev}:web/replay.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    old = types.ModuleType("web.old_replay")
    old.__package__ = "web"
    exec(compile(source, f"{rev}:web/replay.py", "exec"), old.__dict__)
    steps = 0
    for rules, players in (("bulgarian", 4), ("french", 4), ("coinche", 4), ("bela", 4),
                           ("classic", 2), ("classic", 3), ("classic", 4)):
        for seed in range(matches):
            rng = random.Random(f"{rules}{players}{seed}")
            m = Match(rules, players, {}, seed)
            while m.phase != "match-over" and len(m.records) < 6:
                legal = m.legal_actions()
                outs = [a for a in legal if a == "out"]
                m.apply(outs[0] if outs and rng.random() < 0.05 else
                        rng.choice([a for a in legal if a != "out"] or legal))
            records = [(r, n, transfer.sheet_entry(m, n)) for n, r in enumerate(m.records, 1)]
            records += [(r, None, None) for r in m.records[:2]] + [(m.hand_record(), None, None)]
            for four in (False, True):
                ui = render.Ui(settings={**storage.DEFAULT_SETTINGS, "four_colour": four})
                for record, number, entry in records:
                    a, b = old.Replay(record, number, entry), new.Replay(record, number, entry)
                    for step in range(a.last + 1):
                        pair = (old.viewer(a, step, ui), new.viewer(b, step, ui))
                        if pair[0] != pair[1]:
                            print(f"replay {rules}/{players} seed {seed} hand {number} step "
                                  f"{step} differs:\n{pair[0]}\n{pair[1]}")
                            return 1
                        steps += 1
    print(f"replay viewer: all {steps} steps equal (7 rule sets, {matches} matches each)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default="2a9a645",
                        help="the git revision to compare with (the last before the split)")
    parser.add_argument("--steps", type=int, default=700, help="events per session")
    parser.add_argument("--sessions", type=int, default=len(SESSIONS))
    parser.add_argument("--replays", type=int, default=3, help="matches per rule set replayed")
    args = parser.parse_args()
    if compare_replay(args.old, args.replays):
        return 1
    pyscript = install_fakes()
    import web.sound

    web.sound.Sound = Sounds  # type: ignore[misc,assignment]
    patch_bots()
    from web.i18n import set_language

    total = 0
    for params, seed in SESSIONS[:args.sessions]:
        traces = {}
        for side in ("old", "new"):
            set_language("en")
            page = fresh_page(pyscript)  # (the modules that import pyscript, imported anew)
            old_module = load_old(args.old) if side == "old" else None
            session = Session(side, page, old_module, params, seed)
            traces[side] = asyncio.run(session.play(args.steps))
        old, new = traces["old"], traces["new"]
        for i, (a, b) in enumerate(zip(old, new)):
            diff = differences(a, b)
            if diff:
                print(f"{params} seed {seed}: step {i} ({a['what']!r} / {b['what']!r}) differs:")
                print("\n".join(diff[:10]))
                return 1
        if len(old) != len(new):
            print(f"{params}: {len(old)} steps old, {len(new)} new")
            return 1
        errors = old[-1]["errors"]
        hands = sum(1 for s in old if s["what"] == "next")
        games = sum(1 for s in old if s["what"] == "new-game")
        total += len(old)
        print(f"{'&'.join(f'{k}={v}' for k, v in params.items())}: {len(old)} states equal "
              f"({hands} hands, {games} new games, {len(old[-1]['sounds'])} sounds, "
              f"{len(errors)} console errors)")
    print(f"all {total} states equal: every region's HTML, <main> and <html> attributes, "
          f"storage and sounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
