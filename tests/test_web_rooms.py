"""The table's code in rooms a newcomer can find (docs/architecture.md): few modules at the top
of web/, each short, no import cycle, no module named like the standard library's."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
MAX_TOP = 10
MAX_LINES = 500


def modules() -> dict[str, Path]:
    """Every module of web/ by its dotted name (the vendored and built files left out)."""
    found = {}
    for path in sorted(WEB.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[1] in ("vendor", "build"):
            continue
        name = ".".join(rel.with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imports(path: Path, name: str) -> set[str]:
    """The web modules ``name`` imports at load time (not inside a function)."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return {m for m in out if m.startswith("web.")}


def test_at_most_ten_modules_at_the_top_of_web():
    top = sorted(p.name for p in WEB.glob("*.py"))
    assert len(top) <= MAX_TOP, top


def test_no_module_is_long():
    long = {str(p.relative_to(ROOT)): n for p in modules().values()
            if (n := len(p.read_text().splitlines())) > MAX_LINES
            and "locales" not in p.parts}  # translations aside (web/i18n/locales/)
    assert not long, long


def test_no_import_cycle():
    found = modules()
    graph = {name: {m for m in imports(path, name) if m in found and m != name}
             for name, path in found.items()}
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for nxt in sorted(graph[name]):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt] if nxt in path else [name, nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, path + [nxt])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_no_module_shadows_the_standard_library():
    shadows = [name for name in modules()
               if name.rpartition(".")[2] in sys.stdlib_module_names]
    assert not shadows, shadows


def test_no_three_things_share_a_name():
    """"events", "records": one name, one thing (or two at most, engine and page)."""
    names = [p.stem for top in ("belote", "web") for p in (ROOT / top).rglob("*.py")
             if "vendor" not in p.parts] + [p.name for top in ("belote", "web")
                                            for p in (ROOT / top).rglob("*") if p.is_dir()]
    for word in ("events", "records", "record"):
        assert sum(n in (word, word.rstrip("s")) for n in names) <= 2, word


# --- one model, one update, one view (web/app/) ---------------------------------------------
def _classes(module, base: type | None = None) -> list[type]:
    return [c for c in vars(module).values() if isinstance(c, type) and c.__module__ ==
            module.__name__ and (base is None or issubclass(c, base))]


def test_one_update_takes_every_message_and_messages_are_typed():
    """Every message of the table (web/app/messages.py, records_messages.py) is a frozen
    dataclass whose fields have types (mypy checks them: pyproject.toml), and the one update
    routes each."""
    from dataclasses import fields, is_dataclass

    from web.app import messages, records_messages
    from web.app.update import ROUTES

    kinds = [c for module in (messages, records_messages) for c in _classes(module, messages.Msg)
             if c not in (messages.Msg, records_messages.RecordsMsg, messages.ReviewMsg)]
    assert len(kinds) > 50
    for kind in kinds:
        assert is_dataclass(kind) and kind.__dataclass_params__.frozen, kind
        assert all(f.type not in ("", "Any") for f in fields(kind)), kind
    assert set(kinds) == set(ROUTES), set(kinds) ^ set(ROUTES)


def _holds_a_function(annotation) -> bool:
    return "Callable" in str(annotation) or "Handler" in str(annotation)


def test_effects_are_plain_data():
    """An effect (web/app/effects.py) is a frozen dataclass of data: no field holds a function
    (an answer comes back as a message), so a test compares effects as values."""
    from dataclasses import fields, is_dataclass
    from typing import get_type_hints

    from web.app import effects

    kinds = [c for c in _classes(effects) if is_dataclass(c)]
    assert len(kinds) > 10
    for kind in kinds:
        assert kind.__dataclass_params__.frozen, kind
        hints = get_type_hints(kind)
        assert not [f.name for f in fields(kind) if _holds_a_function(hints[f.name])], kind


def test_the_model_keeps_saved_session_and_derived_apart():
    """The model (web/app/model.py): the page's flags, what storage keeps (Saved) and what this
    page alone knows (Session), the language among it; the values derived from them (why a
    card may not be played, who took each contract, the guide's pointer...) are the view's
    (web/table/shown.py), never kept."""
    from dataclasses import fields

    from web.app.model import Model, Saved, Session
    from web.table.shown import Shown

    assert [f.name for f in fields(Model)] == ["flags", "saved", "session"]
    assert {f.name for f in fields(Saved)} == {"match", "settings", "stats", "reviews",
                                               "progress", "history", "daily", "accuracy",
                                               "matches"}
    kept = {f.name for f in fields(Saved)} | {f.name for f in fields(Session)}
    assert "language" in {f.name for f in fields(Session)}
    derived = {"reasons", "takers", "can_take_back", "takeback", "guide_point", "guide_next",
               "guide_over", "verdict", "why", "animated", "notice_kind", "message_kind",
               "daily_panel", "daily_over", "charts"}
    assert derived <= {f.name for f in fields(Shown)}
    assert not derived & kept, derived & kept


def test_the_page_takes_the_rules_facts_from_the_engine():
    """Bid levels, rank orders and bid words come from the engine (belote/auction.py
    split_bid, bid_word, COINCHE_LEVELS; belote/contract.py level_word, level_of;
    belote/cards.py TRUMP_RANKING, PLAIN_RANKING): web/ keeps no copy of them."""
    import re

    copies = re.compile(r'"J9ATKQ87"|"ATKQJ987"|"AT ?KQJ987"|"80", "90"|range\(80|'
                        r'bid\.split\(\)|action\.split\(\)\[0\]|name\.split\(\)')
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in modules().values() if "locales" not in path.parts
             for n, line in enumerate(path.read_text().splitlines(), 1) if copies.search(line)]
    assert not found, "\n".join(found)
    from belote.auction import COINCHE_LEVELS, bid_word
    from web.table import words
    view = {"rules": "coinche", "turned": None}
    assert [words.bid_text(bid_word(level, "hearts"), view) for level in COINCHE_LEVELS[-2:]] \
        == ["160 hearts", "Capot hearts"]
    assert words.sorted_hand(["7H", "JH", "9H", "AH"], {"kind": "all-trumps", "trump": None}) \
        == ["JH", "9H", "AH", "7H"]
