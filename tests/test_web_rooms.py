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
TRANSLATIONS = {"web/i18n/__init__.py"}  # English's words (the other languages' in locales/)


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
            and "locales" not in p.parts and str(p.relative_to(ROOT)) not in TRANSLATIONS}
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
