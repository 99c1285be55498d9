"""What the table asks the page to do: effects, plain data that a test can compare.

:func:`web.app.update.update` never touches the browser; it returns a list of these, which the
adapter (web/browser/adapter.py) carries out in order after drawing the new view: write the
save, play a sound, move the focus, and the questions whose answer takes time (a pause, a bot's
choice, a file) — each answered later by a message (web/app/messages.py) carrying its token. The
CPython test page (tests/table_page.py) carries them out in memory. No effect holds a function.
"""

from __future__ import annotations

from dataclasses import dataclass

from belote.view import View
from web.app.messages import Msg


# --- storage -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Save:
    """Write the game's save (web/storage/save.py ``KEY``); a refusal comes back as
    :class:`~web.app.messages.WriteRefused`."""

    text: str


@dataclass(frozen=True)
class Store:
    """Write ``text`` under ``key`` (the tab's claim, the guides' progress); a refusal as for
    :class:`Save`."""

    key: str
    text: str


@dataclass(frozen=True)
class SetAside:
    """Keep a save that could not be used (web/storage/save.py ``BROKEN_KEY``)."""

    raw: str


@dataclass(frozen=True)
class ReadSave:
    """Read the save again (another tab wrote it): :class:`~web.app.messages.SaveRead`, with
    ``then`` to go on with."""

    then: Msg | None = None


# --- the page ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Sound:
    name: str


@dataclass(frozen=True)
class Focus:
    """Focus the first element of the page matching ``selector`` (once drawn), else the first
    matching ``fallback``."""

    selector: str
    fallback: str = ""


@dataclass(frozen=True)
class FocusInGroup:
    """Focus the ``index``-th enabled button of the hand or bidding box that has the focus."""

    index: int


@dataclass(frozen=True)
class Report:
    """An unexpected error, on the console (console.error, which the browser tests watch)."""

    label: str
    text: str


@dataclass(frozen=True)
class Download:
    """Save ``text`` as the file ``filename``."""

    filename: str
    text: str


@dataclass(frozen=True)
class ReadFile:
    """Read the file chosen in the import dialog: :class:`~web.app.records_messages.FileRead`."""

    max_bytes: int


@dataclass(frozen=True)
class StartWorker:
    """Have the bots think in full: on the page where its search can be sliced, else in their
    worker, booted now (web/ai.py)."""


@dataclass(frozen=True)
class Reload:
    """Let the new version of the site take over (web/boot.js ``beloteApplyUpdate``)."""


# --- questions that take time: each answered by a message with its token ---------------------
@dataclass(frozen=True)
class After:
    """Send ``then`` after ``seconds``."""

    seconds: float
    then: Msg


@dataclass(frozen=True)
class AskBot:
    """The action of the bot of ``level`` for ``view`` (:class:`~web.app.messages.BotChose`),
    no sooner than ``pause`` seconds after it was asked (the thinking is part of the pause)."""

    token: int
    level: str
    view: View
    pause: float
    seed: str = ""               # a daily hand's bot: it searches a fixed amount, so seeded


@dataclass(frozen=True)
class AskToday:
    """The UTC date now, by the page's clock: :class:`~web.app.messages.Today` with
    ``then``."""

    then: Msg | None = None


@dataclass(frozen=True)
class AskExpert:
    """The Expert's line on hand ``number`` of ``date``'s deal (belote.daily.Daily.
    expert_record), in the bots' worker where it is up: :class:`~web.app.messages.
    ExpertPlayed`."""

    token: int
    date: str
    number: int


@dataclass(frozen=True)
class AskAccuracy:
    """The accuracy of ``seat`` in the finished hand ``record`` (belote.analysis.accuracy,
    from the review's expected costs), in the bots' worker where it is up:
    :class:`~web.app.messages.Accuracy` for ``key`` (the hand's seed)."""

    key: str
    record: dict
    seat: int


@dataclass(frozen=True)
class Share:
    """Share ``text``: the system's share sheet on a phone, the clipboard elsewhere
    (:class:`~web.app.messages.Shared`)."""

    text: str


@dataclass(frozen=True)
class AskHint:
    """The Expert's suggestion for the human's ``view``: :class:`~web.app.messages.Hinted`."""

    version: int
    view: View


@dataclass(frozen=True)
class AskTabs:
    """Whether another open tab plays this game (:class:`~web.app.messages.OtherTabs`)."""

    token: int


@dataclass(frozen=True)
class Hold:
    """``?hold`` (tests): ``<main data-hold="what">``: the table waits until the test removes
    the attribute (:class:`~web.app.messages.HoldReleased`)."""

    token: int
    what: str


@dataclass(frozen=True)
class FetchHelp:
    """The rules of ``rules`` in ``language`` (web/help/): :class:`~web.app.messages.HelpFetched`.
    """

    language: str
    rules: str

    @property
    def url(self) -> str:
        return f"./web/help/{self.language}/{self.rules}.html"


@dataclass(frozen=True)
class WaitWorker:
    """Start the bots' worker if it is off, and say when it is ready or failed
    (:class:`~web.app.messages.WorkerState`)."""

    review: int


@dataclass(frozen=True)
class AskReview:
    """A step of a hand review in the bots' worker: ``method`` (``review_start``,
    ``review_next``) with ``args``; :class:`~web.app.messages.ReviewAnswer`."""

    review: int
    token: int
    method: str
    args: tuple


@dataclass(frozen=True)
class StopReview:
    """Tell the worker to forget review ``worker_id`` (no answer)."""

    worker_id: int


Effect = (Save | Store | SetAside | ReadSave | Sound | Focus | FocusInGroup | Report | Download
          | ReadFile | StartWorker | Reload | After | AskBot | AskHint | AskTabs | Hold
          | FetchHelp | WaitWorker | AskReview | StopReview | AskToday | AskExpert | Share
          | AskAccuracy)
Effects = list[Effect]
