"""The repository explains itself: its code and docs cite only files it holds (the rules'
sections of docs/rules.md, the docs' pages), and every attribute a browser test reads is in
docs/attributes.md."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TEXT = {".py", ".md", ".js", ".mjs", ".json", ".html", ".toml", ".txt", ".css", ".cfg", ".yml"}
SKIP = {".git", "node_modules", "web", "__pycache__", ".pytest_cache", ".mypy_cache",
        ".ruff_cache", ".hypothesis"}
# The two files of the project's beginnings that the repository does not hold, by the words that
# named them (upper case, a word of its own: an identifier that ends in one is no citation).
WORDS = "|".join(word.upper() for word in ("rules", "design"))
OUTSIDE = re.compile(rf"\b(?:{WORDS})\b")


def text_files() -> list[Path]:
    """The repository's text files outside web/ (the table's, whose citations are fixed with
    its refactor), with the scripts at the root."""
    out = []
    for path in sorted(ROOT.rglob("*")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in SKIP or any(p in SKIP or p.startswith(".") for p in rel.parts):
            continue
        if path.is_file() and (path.suffix in TEXT or path.parent == ROOT and not path.suffix):
            out.append(path)
    return out


def test_nothing_outside_web_cites_files_the_repository_does_not_hold():
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in text_files()
             for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
             if OUTSIDE.search(line)]
    assert not found, "\n".join(found[:20])


def rules_sections() -> dict[str, str]:
    """docs/rules.md's numbered sections: number -> text."""
    text = (DOCS / "rules.md").read_text()
    parts = re.split(r"^## (\d+)\. ", text, flags=re.M)
    return {number: body for number, body in zip(parts[1::2], parts[2::2])}


def test_every_citation_of_the_rules_names_a_section_that_is_there():
    """A citation of docs/rules.md names one of its numbered sections (``§4``), and a label
    after it (``§4 "Label"``) one of that section's paragraphs (their bold labels)."""
    sections = rules_sections()
    assert sorted(sections) == ["1", "2", "3", "4", "5", "6"]
    cited = re.compile(r'docs/rules\.md §(\d+)(?: "([^"]+)")?')
    for path in text_files():
        for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            for number, label in cited.findall(line):
                where = f"{path.relative_to(ROOT)}:{n}"
                assert number in sections, where
                if label:
                    assert re.search(r'\*\*"?' + re.escape(label), sections[number]), \
                        (where, label)


def test_every_link_between_the_docs_leads_to_a_file():
    for path in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text()):
            if "://" not in target:
                assert (path.parent / target).exists(), (path.name, target)


def test_every_attribute_a_browser_test_reads_is_documented():
    documented = set(re.findall(r"data-[a-z][a-z-]*[a-z]", (DOCS / "attributes.md").read_text()))
    read = set()
    for path in (ROOT / "tests" / "browser").glob("*.py"):
        read.update(re.findall(r"data-[a-z][a-z-]*[a-z]", path.read_text()))
    assert not read - documented, sorted(read - documented)
