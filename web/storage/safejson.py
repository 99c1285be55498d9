"""JSON that is checked for size and depth before it is parsed (the save and the import).

``json.loads`` on very deep input overflows the WebAssembly stack in Pyodide, which no Python
exception catches (the page dies, and a saved string would kill it at every visit), and on very
long input costs seconds. :func:`loads` refuses both before parsing. :func:`members` splits a
top-level object into its members' texts without parsing, so that a save with one bad member
(settings nested 30,000 deep) still gives up the others (the match).
"""

from __future__ import annotations

import json
import re

MAX_CHARS = 2_000_000   # a match of a few hundred hands is far below this
MAX_DEPTH = 64          # a record nests 5 deep; Pyodide's stack overflows (fatally) near 20,000
_TOKENS = re.compile(r'\\.|["\[\]{},:]', re.S)


class TooBig(ValueError):
    """Longer than MAX_CHARS."""


class TooDeep(ValueError):
    """Arrays and objects nested deeper than MAX_DEPTH."""


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether arrays and objects nest deeper than ``limit`` (outside strings)."""
    depth, in_string = 0, False
    for found in _TOKENS.finditer(text):
        token = found.group()
        if token == '"':
            in_string = not in_string
        elif in_string or token[0] == "\\" or token in ",:":
            continue
        elif token in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def loads(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH):
    """``json.loads`` after the guards: TooBig, TooDeep, or ValueError for text that is not
    JSON (RecursionError, which a guarded text cannot reach, becomes TooDeep too)."""
    if not isinstance(text, str):
        raise ValueError("not a string")
    if len(text) > max_chars:
        raise TooBig(f"{len(text)} characters")
    if too_deep(text, max_depth):
        raise TooDeep("nested too deeply")
    try:
        return json.loads(text)
    except RecursionError:
        raise TooDeep("nested too deeply") from None
    except TypeError as error:
        raise ValueError(str(error)) from None


def members(text: str) -> dict[str, str] | None:
    """The members of the JSON object ``text`` as ``{name: value text}``, found by scanning
    (nothing is parsed but the names); None when ``text`` is not an object, or is broken at the
    top level. Call it on text within MAX_CHARS: the scan is linear."""
    body = text.strip()
    if not body.startswith("{") or not body.endswith("}"):
        return None
    out: dict[str, str] = {}
    depth, in_string, start, name, key_start = 0, False, None, None, None
    for found in _TOKENS.finditer(body):
        token, at = found.group(), found.start()
        if token[0] == "\\":
            continue
        if token == '"':
            in_string = not in_string
            if depth == 1 and start is None:  # a member's name
                if in_string and name is not None:
                    return None
                if in_string:
                    key_start = at
                else:
                    try:
                        name = json.loads(body[key_start:at + 1])
                    except ValueError:
                        return None
            continue
        if in_string:
            continue
        if token in "[{":
            depth += 1
        elif token in "]}":
            depth -= 1
            if depth == 0:
                if found.end() != len(body):
                    return None
                if start is not None and name is not None:
                    out[name] = body[start:at].strip()
                elif name is not None:
                    return None
                return out
            if depth < 0:
                return None
        elif depth == 1 and token == ":":
            if name is None or start is not None:
                return None
            start = found.end()
        elif depth == 1 and token == ",":
            if start is None or name is None:
                return None
            out[name] = body[start:at].strip()
            name, start = None, None
    return None
