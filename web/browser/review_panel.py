"""The hand review in the page, its browser side: the panel, the worker's calls, "Practice".

A review opens from the hand's summary, from a row of the score sheet, or from the replay
viewer (imported hands too). It shows a finished review kept in the save at once; otherwise it
asks the bots' worker (web/bots_worker.py) for one step at a time (``review_start``, then
``review_next`` until done: every expected cost, then every exact one), so the page never waits
on the analysis (nor do the bots: they think on the page during a step, web/ai.py). Each step
updates one row and the progress line. Cancel stops asking (the step under way ends in the
worker and is kept: Continue goes on from there); closing the panel cancels. A finished review
is kept in the save (:mod:`web.review`). When the worker is not up yet the panel says so and
waits for it (it is started if it was not: ``?fast=1`` does not start it with the table).

The panel lies over the felt like the table's other panels (the table stays usable), or over
the replay viewer, as a modal dialog.
"""

from __future__ import annotations

import asyncio
import json

from pyscript import document

from belote import RecordError, hand_record, replay
from belote.cards import CARD_NAMES
from web import ai
from web.app.dispatch import Action, Event, Handler, plain, quiet
from web.app.effects import Effects
from web.browser import dom
from web.browser.dom import js_str, present
from web.browser.listen import report
from web.coach import review as model
from web.i18n import t
from web.records import transfer

WAIT_POLL = 0.1   # seconds between two looks at the worker while it starts
MAX_WORLDS = 1000


class ReviewPanel:
    def __init__(self, table):
        self.table = table
        self.controller = table.controller
        self.main = table.main
        game = document.querySelector(".game")
        self.home = game if present(game) else self.main
        host = document.createElement("div")
        host.className = "review-host"
        host.setAttribute("data-region", "review")
        host.setAttribute("data-review-calls", "0")
        host.setAttribute("data-review-asking", "false")
        self.home.appendChild(host)
        self.host = host
        self.state: model.State | None = None
        self.token = 0
        self.review_id: int | None = None   # the worker's id of this review, once started
        self.calls = 0                      # review_next calls made (the tests count them)
        self.asking = 0                     # tasks (run) that may still ask the worker
        self.opener: str | None = None      # where the focus goes back on closing
        self.over_viewer = False
        self.worlds = self._worlds(table.params.get("review_worlds", ""))
        self.controller.dispatcher.add(
            {name: Action(run, self.fail, enabled_only=True)
             for name, run in self._actions().items()},
            {"review-open": lambda: self.is_open})

    @staticmethod
    def _worlds(text: str) -> int:
        """Deals per choice: ``?review_worlds=N`` (1 to 1000), else the command line's."""
        return min(int(text), MAX_WORLDS) if text.isdigit() and int(text) > 0 else model.WORLDS

    @property
    def is_open(self) -> bool:
        return self.state is not None

    def fail(self, error: Exception) -> Effects:
        report("Belote review error", error)
        state = self.state
        if state is not None:
            state.status, state.error = "failed", str(error) or type(error).__name__
            self.token += 1
            self.update()
        return []

    # --- events ---------------------------------------------------------------------------
    def _actions(self) -> dict[str, Handler]:
        """The panel's actions (web/dispatch.py: its buttons and the Escape key)."""
        return {
            "review-hand": self.open_from_sheet,
            "replay-review": plain(self.open_from_viewer),
            "review-cancel": quiet(self.cancel),
            "review-continue": quiet(self.resume),
            "review-close": quiet(self.close),
            "practice": self.practise,
            "puzzles": plain(self.puzzles),
        }

    def open_from_sheet(self, event: Event) -> Effects:
        number = event.data.get("hand") or ""
        return self.open_sheet_hand(int(number) if number.isdigit() else 0)

    def open_from_viewer(self) -> Effects:
        records = self.table.records
        rp = records.replay if records is not None else None
        if rp is None:
            return []
        return self.open(rp.record, rp.number, '[data-action="replay-review"]', True)

    def practise(self, event: Event) -> Effects:
        index = event.data.get("practice") or ""
        return self.practice(int(index) if index.isdigit() else -1)

    # --- opening and closing ----------------------------------------------------------------
    def open_sheet_hand(self, number: int) -> Effects:
        record = transfer.hand_of_sheet(self.controller.match, number)
        if record is None:
            return []
        return self.open(record, number, f'[data-action="review-hand"][data-hand="{number}"]')

    def open(self, record: dict, number: int | None, opener: str | None,
             over_viewer: bool = False) -> Effects:
        """Show the review of the human's choices in ``record`` (hand ``number`` of the sheet,
        None for an imported one): the one kept if there is one, else start it."""
        self.close(focus=False)
        try:
            full = replay(record, complete=False)
        except RecordError as error:  # checked when it was opened: should not happen
            reason = str(error)
            return self.controller.tell(lambda: t("error", reason=reason), "illegal")
        turned = CARD_NAMES[full.turned] if full.turned is not None else None
        # As the engine writes it (the viewer's record is): one key, whichever way it opened.
        state = model.State(hand_record(full), number, turned, worlds=self.worlds)
        kept = model.unpack(self.controller.reviews.get(state.key), record)
        effects: Effects = []
        if kept is not None:
            decisions, state.threshold = kept
            state.decisions = dict(enumerate(decisions))
            state.total = state.expected_done = state.exact_done = len(decisions)
            state.status, state.stored = "done", True
            effects = self.controller.touch_review(state.key)
        self.state, self.opener, self.over_viewer = state, opener, over_viewer
        self._place(over_viewer)
        self.draw()
        dom.focus(self.host.querySelector("[data-review-actions] button"))
        if kept is None:
            self.token += 1
            self._ask(self.token, state)
        return effects

    def _place(self, over_viewer: bool) -> None:
        """Over the felt (in the game), or over the replay viewer (the viewer inert)."""
        host = self.host
        records = self.main.querySelector(".records-host")
        if over_viewer:
            self.main.appendChild(host)
            host.classList.add("over")
            if present(records):
                records.setAttribute("inert", "")
        elif host.parentNode != self.home:
            self.home.appendChild(host)
        host.removeAttribute("inert")

    def close(self, focus: bool = True) -> None:
        """Close the panel; a review still running stops (closing cancels)."""
        state = self.state
        if state is None:
            return
        self.token += 1
        if not state.finished and self.review_id is not None:
            asyncio.ensure_future(ai.ask_worker("review_stop", self.review_id))
        self.review_id = None
        self.state = None
        self.host.innerHTML = ""
        self.host.classList.remove("over")
        if self.over_viewer:
            records = self.main.querySelector(".records-host")
            if present(records):
                records.removeAttribute("inert")
        if focus and self.opener:
            target = self.main.querySelector(self.opener)
            dom.focus(target if present(target) else
                        self.main.querySelector('[data-action="sheet"]'))
        self.opener = None

    def cancel(self) -> None:
        """Stop asking the worker (the step under way is kept when it comes)."""
        state = self.state
        if state is None or state.status not in ("waiting", "running"):
            return
        self.token += 1
        state.status = "cancelled"
        self.update()
        dom.focus(self.host.querySelector('[data-action="review-continue"]'))

    def resume(self) -> None:
        state = self.state
        if state is None or state.status != "cancelled":
            return
        state.status = "running" if self.review_id is not None else "waiting"
        self.token += 1
        self.update()
        dom.focus(self.host.querySelector('[data-action="review-cancel"]'))
        self._ask(self.token, state)

    def relabel(self) -> None:
        """Draw the panel again in the language of now."""
        if self.state is not None:
            active = document.activeElement
            practice = js_str(active.getAttribute("data-practice")) if present(active) and \
                active != document.body else None
            action = js_str(active.getAttribute("data-action")) if present(active) and \
                active != document.body else None
            self.draw()
            if practice is not None:
                dom.focus(self.host.querySelector(f'[data-practice="{practice}"]'))
            elif action is not None:
                dom.focus(self.host.querySelector(f'[data-action="{action}"]'))

    # --- the worker ---------------------------------------------------------------------------
    def _ask(self, token: int, state: model.State) -> None:
        """Start :meth:`run`. ``<[data-region=review] data-review-asking>`` says whether a run
        may still ask the worker (the tests wait for it to be false once a review stops)."""
        self.asking += 1
        self.host.setAttribute("data-review-asking", "true")
        asyncio.ensure_future(self.run(token, state))

    async def run(self, token: int, state: model.State) -> None:
        """Ask the worker for one step at a time until the review is done, cancelled or closed
        (``token`` changed), or it fails."""
        try:
            if not await self._worker_ready(token, state):
                return
            if self.review_id is None:
                if not await self._start(token, state):
                    return
            while self.review_id is not None and not state.finished:
                answer = await ai.review_step("review_next", self.review_id)
                self.calls += 1
                self.host.setAttribute("data-review-calls", str(self.calls))
                if self.state is not state:
                    return  # closed, or another review opened: nothing to keep
                data = self._parse(answer)
                if data is None or data.get("id") != self.review_id:
                    if data is not None and data.get("error") == "no such review" \
                            and token == self.token:
                        self._restart(state)  # another review took the worker meanwhile
                        continue
                    return self._failed(state, data, answer)
                self._apply(state, data)
                if state.finished:
                    self._finish(state)
                    return
                if token != self.token:
                    return  # cancelled: this step is kept, the next one waits for Continue
        except Exception as error:
            if self.state is state:
                self.fail(error)
            else:
                report("Belote review error", error)
        finally:
            self.asking -= 1
            self.host.setAttribute("data-review-asking", "true" if self.asking else "false")

    async def _worker_ready(self, token: int, state: model.State) -> bool:
        """Wait for the bots' worker (starting it if it is off); False when it cannot run."""
        if ai.worker_state() == "off":
            asyncio.ensure_future(self.table.start_worker())
        while ai.worker_state() in ("off", "starting"):
            if state.status != "waiting":
                state.status = "waiting"
                self.update()
            await asyncio.sleep(WAIT_POLL)
            if token != self.token or self.state is not state:
                return False
        if ai.worker_state() != "ready":
            state.status = "unavailable"
            self.update()
            return False
        if state.status != "running":
            state.status = "running"
            self.update()
        return True

    async def _start(self, token: int, state: model.State) -> bool:
        answer = await ai.review_step("review_start", json.dumps(state.record), state.seat,
                                     state.worlds, model.SEED)
        if self.state is not state:
            return False
        data = self._parse(answer)
        if data is None or not isinstance(data.get("id"), int) \
                or not isinstance(data.get("total"), int):
            self._failed(state, data, answer)
            return False
        self.review_id = data["id"]
        state.total = data["total"]
        threshold = data.get("threshold")
        state.threshold = threshold if isinstance(threshold, (int, float)) else None
        if state.total == 0:
            self._finish(state)
            return False
        self.draw_note()
        self.update()
        return token == self.token

    def _restart(self, state: model.State) -> None:
        """The worker forgot this review (another one started there): start it again."""
        self.review_id = None
        state.decisions, state.total = {}, None
        state.expected_done = state.exact_done = 0
        self.draw()
        self._ask(self.token, state)

    @staticmethod
    def _parse(answer) -> dict | None:
        if not isinstance(answer, str):
            return None
        try:
            data = json.loads(answer)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def _failed(self, state: model.State, data: dict | None, answer) -> None:
        if ai.worker_state() != "ready":
            state.status = "unavailable"
        else:
            state.status = "failed"
            state.error = str((data or {}).get("error") or answer or "?")[:200]
        self.review_id = None
        self.update()

    def _apply(self, state: model.State, data: dict) -> None:
        """One step: a row appears (its expected cost) or gets its exact cost."""
        i, decision, part = data.get("i"), data.get("decision"), data.get("part")
        if not isinstance(i, int) or not isinstance(decision, dict) or state.total is None \
                or not 0 <= i < state.total:
            raise ValueError(f"the worker answered {str(data)[:120]}")
        state.decisions[i] = decision
        if part == "expected":
            state.expected_done = max(state.expected_done, i + 1)
        else:
            state.exact_done = max(state.exact_done, i + 1)
        self.update_row(i)
        self.update()

    def _finish(self, state: model.State) -> None:
        state.status = "done"
        self.review_id = None
        self.table.carry(self.controller.store_review(
            state.key, model.pack(state.ordered(), state.threshold or 0)))
        self.update()

    # --- practice -------------------------------------------------------------------------------
    def practice(self, i: int) -> Effects:
        """Play the deal again from choice ``i``: the panel (and the viewer) close."""
        state = self.state
        if state is None or i not in state.decisions:
            return []
        d = state.decisions[i]
        record, number = state.record, state.number
        self.close(focus=False)
        records = self.table.records
        if records is not None and records.mode:
            records.opener = None
            records.close()
        return self.controller.start_practice(record, d["phase"], d["index"], number)

    def puzzles(self) -> Effects:
        """"Learn from your mistakes": the review's graded choices as puzzles on the table
        (web/puzzles.py); the panel (and the viewer) close."""
        state = self.state
        if state is None or state.status != "done":
            return []
        record, number = state.record, state.number
        decisions, threshold = state.ordered(), state.threshold or 0.0
        self.close(focus=False)
        records = self.table.records
        if records is not None and records.mode:
            records.opener = None
            records.close()
        return self.controller.start_puzzles(record, decisions, threshold, number)

    # --- drawing --------------------------------------------------------------------------------
    def draw(self) -> None:
        if self.state is not None:
            self.host.innerHTML = model.panel(self.state, modal=self.over_viewer)

    def draw_note(self) -> None:
        el = self.host.querySelector("[data-review-note]")
        if present(el) and self.state is not None:
            el.textContent = model.note(self.state)

    def update(self) -> None:
        """The status, progress line and bar, total and buttons, as the state says (each
        element replaced only when it changes: a button under the pointer stays)."""
        state = self.state
        root = self.host.querySelector("[data-review-status]")
        if state is None or not present(root):
            return
        root.setAttribute("data-review-status", state.status)
        for selector, text in (("[data-review-progress]", model.progress(state)),
                               ("[data-review-total]", model.summary(state))):
            el = self.host.querySelector(selector)
            if present(el) and js_str(el.textContent) != text:
                el.textContent = text
        bar = self.host.querySelector(".rv-bar")
        if present(bar):
            bar.setAttribute("max", str(max(2 * (state.total or 0), 1)))
            bar.setAttribute("value", str(state.expected_done + state.exact_done))
        box = self.host.querySelector("[data-review-actions]")
        html = model.actions(state)
        if present(box) and js_str(box.getAttribute("data-for")) != state.status:
            had_focus = box.contains(document.activeElement)
            box.innerHTML = html
            box.setAttribute("data-for", state.status)
            if had_focus:
                dom.focus(box.querySelector("button"))

    def update_row(self, i: int) -> None:
        """Choice ``i``'s row appears, or its exact cost comes in (only that part changes)."""
        state = self.state
        listing = self.host.querySelector("[data-review-list]")
        if state is None or not present(listing):
            return
        old = listing.querySelector(f'[data-review-row="{i}"]')
        if not present(old):
            listing.insertAdjacentHTML("beforeend", model.row(state, i))
            return
        exact = old.querySelector("[data-cost-exact]")
        if present(exact):
            exact.outerHTML = model.exact(state, i)
        # The luck note needs the exact cost: it comes with it, before the row's button.
        luck = model.luck_html(state.decisions[i])
        button = old.querySelector("[data-action=practice]")
        if luck and not present(old.querySelector("[data-luck]")) and present(button):
            button.insertAdjacentHTML("beforebegin", luck)
