"""What the table's controller asks the page to do: effects, and the steps of its tasks.

:class:`web.controller.Controller` never touches the browser. Each of its entry points returns
a list of effects, which the adapter (:mod:`web.table`) carries out in order: write the save,
draw, play a sound, move the focus, start a task... A task (:class:`Run`) is a generator of the
controller's: it yields either a list of effects or one step to wait for (:class:`Pause`,
:class:`Think`, :class:`Suggest`, :class:`Fetch`), and is sent the step's answer (the bot's
action, the fetched text). The page runs tasks as asyncio tasks; the tests run them at once.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from belote.view import View


@dataclass(frozen=True)
class Draw:
    """Draw the table (:meth:`web.controller.Controller.frame`): each region that changed, and
    those in ``force`` even if their HTML did not (a form control showing a value put back)."""

    force: tuple[str, ...] = ()


@dataclass(frozen=True)
class Save:
    """Write the game's save (web/storage.py ``KEY``); then tell the controller how it went
    (:meth:`~web.controller.Controller.saved` or :meth:`~web.controller.Controller.refused`)."""

    text: str


@dataclass(frozen=True)
class Store:
    """Write ``text`` under ``key`` (the tab's claim); a refusal is told as for :class:`Save`."""

    key: str
    text: str


@dataclass(frozen=True)
class SetAside:
    """Keep a save that could not be used (web/storage.py ``BROKEN_KEY``)."""

    raw: str


@dataclass(frozen=True)
class Sound:
    name: str


@dataclass(frozen=True)
class Focus:
    """Focus the first element of the table matching ``selector``."""

    selector: str


@dataclass(frozen=True)
class FocusInGroup:
    """Focus the ``index``-th enabled button of the hand or bidding box that has the focus."""

    index: int


@dataclass(frozen=True)
class Display:
    """``<html data-theme data-theme-choice data-speed>`` and the browser bar's colour."""

    theme: str
    choice: str
    speed: str
    colour: str


@dataclass(frozen=True)
class Relabel:
    """The page's fixed parts in the language of now: ``<html lang>``, the title, and each
    ``(selector, aria-label)``; the open panels redraw themselves."""

    language: str
    title: str
    labels: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Report:
    """An unexpected error, on the console (console.error, which the browser tests watch)."""

    label: str
    error: BaseException


@dataclass(frozen=True)
class StartWorker:
    """Boot the bots' worker (web/ai.py)."""


@dataclass(frozen=True)
class ApplyUpdate:
    """Let the new version of the site take over (web/boot.js ``beloteApplyUpdate``)."""


@dataclass(frozen=True)
class Hold:
    """``?hold`` (tests): ``<main data-hold="what">``: the table stops after a deal or with a
    finished trick on the table until the test removes the attribute (:class:`Held`)."""

    what: str


@dataclass(frozen=True)
class Then:
    """Carry out what ``call()`` returns, once the effects before this one are carried out (an
    action that needs a write done before it goes on: claiming the tab before reading the save
    it claims)."""

    call: Callable[[], list[Effect]]


@dataclass(frozen=True)
class Run:
    """Start a task of the controller's (a generator of effects and steps)."""

    steps: Task
    label: str = "Belote table error"


# --- the steps a task waits for -------------------------------------------------------------
@dataclass(frozen=True)
class Pause:
    seconds: float


@dataclass(frozen=True)
class Think:
    """The action of the bot of ``level`` for ``view``; the answer comes no sooner than
    ``pause`` seconds after it was asked (the thinking is part of the pause)."""

    level: str
    view: View
    pause: float


@dataclass(frozen=True)
class Suggest:
    """The Expert's suggestion for the human's ``view`` (None when there is none)."""

    view: View


@dataclass(frozen=True)
class Held:
    """Wait until ``<main data-hold>`` is gone (:class:`Hold`)."""


@dataclass(frozen=True)
class WhoPlays:
    """Whether another open tab plays this game (it answers within a moment): True or False."""


@dataclass(frozen=True)
class Fetch:
    """The text at ``url`` (the task is thrown the error when it cannot be had)."""

    url: str


Effect = (Draw | Save | Store | SetAside | Sound | Focus | FocusInGroup | Display | Relabel
          | Report | StartWorker | ApplyUpdate | Hold | Then | Run)
Effects = list[Effect]
Step = Pause | Think | Suggest | Fetch | Held | WhoPlays
Task = Generator[Effects | Step, Any, None]
