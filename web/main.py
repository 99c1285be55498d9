"""Placeholder entry point of the page (the table replaces it).

It proves the stack: PyScript runs this file in Pyodide, `belote` is in the virtual file system
(pyscript.toml [files]), and the page leaves its loading screen.
"""

import sys

from pyscript import document

from belote import cards

main = document.querySelector("main")
note = document.createElement("p")
note.className = "stack-ok"
note.textContent = (
    f"Python {sys.version.split()[0]} is running. belote.cards knows {len(cards.ALL_CARDS)} cards, "
    f"from {cards.card_name(0)} to {cards.card_name(31)}."
)
main.append(note)
main.dataset.phase = "auction"
