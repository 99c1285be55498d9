"""How the engine's modules depend on each other: no import cycle in belote/ (an import inside a
function counts as much as one at the top), and the engine imports nothing of the page."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def engine_modules() -> dict[str, Path]:
    """Every module of belote/ by its import name."""
    return {path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
            .removesuffix(".__init__"): path
            for path in sorted((ROOT / "belote").rglob("*.py"))
            if "__pycache__" not in path.parts}


def imported(name: str, path: Path, known) -> set[str]:
    """The names of what module ``name`` (at ``path``) imports: ``from a import b`` is ``a.b``
    unless ``a`` is a module of the engine that has no module ``b`` (``known``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                module = f"{base}.{module}" if module else base
            for alias in node.names:
                full = f"{module}.{alias.name}"
                out.add(full if full in known or module.split(".")[0] != "belote" else module)
    out.discard(name)
    return out


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (module -> modules it imports), or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        if module in path:
            return path[path.index(module):] + [module]
        if module in done:
            return None
        path.append(module)
        for other in sorted(graph[module]):
            found = visit(other)
            if found:
                return found
        path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module)
        if found:
            return found
    return None


def test_the_engine_has_no_import_cycle():
    modules = engine_modules()
    graph = {name: imported(name, path, modules) & modules.keys()
             for name, path in modules.items()}
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


# The one exception, for now: belote/guides.py gives the page's guide scripts by their old names
# until web/guide.py and web/render.py import them from web/guide_script.py.
UNTIL_THE_PAGE_SWITCHES = {("belote.guides", "web.guide_script")}


def test_the_engine_imports_nothing_of_the_page():
    modules = engine_modules()
    for name, path in modules.items():
        for other in imported(name, path, modules):
            if (name, other) not in UNTIL_THE_PAGE_SWITCHES:
                assert other.split(".")[0] not in ("web", "js", "pyscript", "pyodide"), \
                    (name, other)


# Where a rule set's name may be written outside belote/rules/: a guided hand names the rule set it
# is played by, the bots' fitted valuations are per rule set and table size (written by
# scripts/fit_bidding.py), the solver's benchmark times Bulgarian deals, and the daily deal's
# schedule names the rule set of each weekday.
NAMED_THERE = {"belote/guides.py", "belote/bots/valuation_data.py", "belote/bench/bots.py",
               "belote/daily.py"}


def test_no_rule_set_is_named_outside_the_rule_sets():
    """A fact of a rule set lives with it (belote/rules/): elsewhere no table or comparison names
    one."""
    from belote.rules import RULE_SETS

    for name, path in engine_modules().items():
        rel = path.relative_to(ROOT).as_posix()
        if name.startswith("belote.rules") or rel in NAMED_THERE:
            continue
        for node in ast.walk(ast.parse(path.read_bytes(), rel)):
            if isinstance(node, ast.Constant) and node.value in RULE_SETS:
                raise AssertionError(f"{rel}:{node.lineno} names {node.value!r}")
