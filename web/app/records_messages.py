"""The records region's messages (web/records/dialogs.py): export, import, the replay viewer,
and the answers to its questions. An error while handling one closes the region
(web/app/update.py ``fail``). The table's other messages are in web/app/messages.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from web.app.messages import Msg


class RecordsMsg(Msg):
    """A message of the records region (import dialog, replay viewer): an error in it closes
    the region (web/records/dialogs.py)."""


@dataclass(frozen=True)
class ReplayHand(RecordsMsg):
    number: int


@dataclass(frozen=True)
class ExportHand(RecordsMsg):
    pass


@dataclass(frozen=True)
class ExportMatch(RecordsMsg):
    pass


@dataclass(frozen=True)
class OpenImport(RecordsMsg):
    pass


@dataclass(frozen=True)
class ImportTyped(RecordsMsg):
    """The import dialog's text area holds ``text``."""

    text: str


@dataclass(frozen=True)
class ImportPasted(RecordsMsg):
    """"Open" the pasted text."""


@dataclass(frozen=True)
class ImportFile(RecordsMsg):
    """A file was chosen in the import dialog."""


@dataclass(frozen=True)
class ImportResume(RecordsMsg):
    """Play the imported match."""


@dataclass(frozen=True)
class CloseRecords(RecordsMsg):
    pass


@dataclass(frozen=True)
class ReplayPlay(RecordsMsg):
    """Play or pause the replay."""


@dataclass(frozen=True)
class ReplayTo(RecordsMsg):
    """A step of the replay: first, prev, next, last, or a number (the slider)."""

    where: str


# --- answers to its questions (web/app/effects.py) ------------------------------------------
@dataclass(frozen=True)
class FileRead(RecordsMsg):
    """The chosen file's text, or its size when it is too big to read."""

    text: str | None
    too_big: int | None = None


@dataclass(frozen=True)
class ReplayTick(RecordsMsg):
    """The replay's autoplay moves on one step."""

    token: int
