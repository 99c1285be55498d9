"""The Settings panel and the statistics table, as HTML strings (pure functions, no browser).

:func:`panel` draws every setting of :mod:`web.settings` as a labelled native control carrying
``data-setting="<name>"`` (:data:`web.settings.CONTROLS`); the controller turns its ``change``
events into :func:`web.settings.change`. Rule settings (rule set, players, target, the rule
set's options) apply to the next new game, which the panel says; the others at once.
"""

from __future__ import annotations

from belote.view import View
from web.app.markup import attr, escape
from web.i18n import t
from web.storage import settings as model
from web.storage import stats as stats_model
from web.table.words import seat_name


def _select(name: str, choices, current, label: str, disabled: bool = False) -> str:
    options = "".join(
        f'<option value="{attr(value)}"{" selected" if value == current else ""}>'
        f'{escape(text)}</option>' for value, text in choices)
    return (f'<label class="setting" for="setting-{name}"><span>{escape(label)}</span>'
            f'<select id="setting-{name}" data-setting="{name}"'
            f'{" disabled" if disabled else ""}>{options}</select></label>')


def _check(name: str, on: bool, label: str, help_text: str = "") -> str:
    described = f' aria-describedby="setting-{name}-help"' if help_text else ""
    help_html = (f'<small id="setting-{name}-help" class="setting-help">{escape(help_text)}</small>'
                 if help_text else "")
    return (f'<div class="setting check"><label for="setting-{name}">'
            f'<input type="checkbox" id="setting-{name}" data-setting="{name}"{described}'
            f'{" checked" if on else ""}> <span>{escape(label)}</span></label>{help_html}</div>')


def _number(name: str, value: int, label: str, low: int, high: int, help_text: str) -> str:
    return (f'<label class="setting" for="setting-{name}"><span>{escape(label)}</span>'
            f'<input type="number" id="setting-{name}" data-setting="{name}" inputmode="numeric"'
            f' min="{low}" max="{high}" step="1" value="{value}"'
            f' aria-describedby="setting-{name}-help"></label>'
            f'<small id="setting-{name}-help" class="setting-help">{escape(help_text)}</small>')


def _rules_section(s: dict, view: View) -> str:
    rules = s["rules"]
    counts = model.player_counts(rules)
    parts = [
        _select("rules", [(r, t("rules." + r)) for r in model.RULE_NAMES], rules,
                t("setting.rules")),
        _select("players", [(n, t("players.n", n=n)) for n in counts], s["players"],
                t("setting.players"), disabled=len(counts) < 2),
    ]
    defaults = model.option_defaults(rules)
    parts.append(_number(
        "target", model.option_value(s, "target"), t("setting.target"), model.TARGET_MIN,
        model.TARGET_MAX, t("setting.target.help", default=defaults.get("target", ""))))
    for name, default in defaults.items():
        if name == "target" or not isinstance(default, bool):
            continue
        parts.append(_check(name, bool(model.option_value(s, name)), t("option." + name),
                            t("option." + name + ".help")))
    pending = (rules, s["players"], model.match_options(s)) != (
        view["rules"], view["players"], _changed(view))
    now = t("settings.now", rules=t("rules." + view["rules"]),
            players=t("players.n", n=view["players"]), target=view["target"])
    start = ""
    if pending:
        start = (f'<button type="button" data-action="settings-new-game">'
                 f'{escape(t("settings.new-game"))}</button>')
    return (f'<fieldset class="settings-group" data-settings-group="rules">'
            f'<legend>{escape(t("settings.rules.legend"))}</legend>'
            f'<p class="note" id="settings-rules-note">{escape(t("settings.rules.note"))}</p>'
            + "".join(parts)
            + f'<p class="now" data-settings-pending="{str(pending).lower()}">'
            f'{escape(now)}{" " + escape(t("settings.pending")) if pending else ""}</p>'
            + start + "</fieldset>")


def _changed(view: View) -> dict:
    """The current match's options that differ from its rule set's defaults."""
    defaults = model.option_defaults(view["rules"])
    return {k: v for k, v in (view.get("options") or {}).items() if defaults.get(k) != v}


def _bots_section(s: dict, view: View) -> str:
    players = view["players"]
    levels = [(lv, t("level." + lv)) for lv in model.LEVELS]
    rows = "".join(
        _select(f"level-{seat}", levels, model.level(s, seat),
                t("setting.level.seat", seat=seat_name(seat, players)))
        for seat in range(1, players))
    return (f'<fieldset class="settings-group" data-settings-group="bots">'
            f'<legend>{escape(t("settings.bots"))}</legend>{rows}</fieldset>')


def _play_section(s: dict) -> str:
    return (f'<fieldset class="settings-group" data-settings-group="play">'
            f'<legend>{escape(t("settings.play"))}</legend>'
            + _select("speed", [(v, t("speed." + v)) for v in model.SPEEDS], s["speed"],
                      t("setting.speed"))
            + _check("autoplay", s["autoplay"], t("setting.autoplay"),
                     t("setting.autoplay.help"))
            + _check("takeback", s["takeback"], t("setting.takeback"),
                     t("setting.takeback.help"))
            + _check("sound", s["sound"], t("setting.sound"))
            + "</fieldset>")


def _display_section(s: dict) -> str:
    return (f'<fieldset class="settings-group" data-settings-group="display">'
            f'<legend>{escape(t("settings.display"))}</legend>'
            + _select("theme", [(v, t("theme." + v)) for v in model.THEMES], s["theme"],
                      t("setting.theme"))
            + _check("four_colour", s["four_colour"], t("setting.four_colour"))
            + "</fieldset>")


def panel(view: View, settings: dict) -> str:
    """The body of the Settings panel."""
    s = model.clean(settings)
    return ('<div class="settings-panel">' + _rules_section(s, view) + _bots_section(s, view)
            + _play_section(s) + _display_section(s) + _offline_note() + "</div>")


def _offline_note() -> str:
    """Whether the game is ready to play offline: each state's words, the one of
    ``<html data-offline>`` shown (web/boot.js sets it; settings.css); none without it."""
    return ('<p class="note offline-note" data-offline-note>' + "".join(
        f'<span data-offline-when="{state}">{escape(t("offline." + state))}</span>'
        for state in ("ready", "filling", "incomplete")) + "</p>")


# --- statistics -------------------------------------------------------------------------------
def rules_name(key: str) -> str:
    rules, players = stats_model.split_key(key)
    name = t("rules." + rules)
    return name + (f" ({t('players.n', n=players)})" if players else "")


def _with_rate(count: int, whole: int, attr_name: str, label: str) -> str:
    pct = stats_model.rate(count, whole)
    rate = f' <small class="rate">{pct}%</small>' if pct is not None else ""
    return f'<td {attr_name} data-label="{attr(label)}">{count}{rate}</td>'


STATS_COLUMNS = ("stats.rules", "stats.played", "stats.won", "stats.hands", "stats.taken",
                 "stats.made", "stats.valats", "stats.puzzles", "stats.solved", "stats.helped",
                 "stats.helped_won")


def stats_table(stats: dict) -> str:
    """Matches played and won, contracts taken and made, valats, puzzles tried and solved,
    matches played and won with take-backs (counted apart), per rule set. On a narrow
    screen each rule set's row stacks into label and value pairs (``data-label``, CSS), so
    that no column is cut off."""
    stats = stats_model.clean(stats)
    if not stats:
        return f'<p class="stats-empty">{escape(t("stats.empty"))}</p>'
    label = {k: t(k) for k in STATS_COLUMNS}

    def cell(name: str, key: str, value: int) -> str:
        return f'<td data-{name} data-label="{attr(label[key])}">{value}</td>'

    rows = []
    for key in sorted(stats):
        e = stats[key]
        rows.append(
            f'<tr data-stats="{attr(key)}"><th scope="row">{escape(rules_name(key))}</th>'
            + cell("played", "stats.played", e["played"])
            + _with_rate(e["won"], e["played"], "data-won", label["stats.won"])
            + cell("hands", "stats.hands", e["hands"])
            + cell("taken", "stats.taken", e["taken"])
            + _with_rate(e["made"], e["taken"], "data-made", label["stats.made"])
            + cell("valats", "stats.valats", e["valats"])
            + cell("puzzles", "stats.puzzles", e["puzzles"])
            + _with_rate(e["solved"], e["puzzles"], "data-solved", label["stats.solved"])
            + cell("helped", "stats.helped", e["helped"])
            + _with_rate(e["helped_won"], e["helped"], "data-helped-won",
                         label["stats.helped_won"])
            + "</tr>")
    heads = "".join(f'<th scope="col">{escape(label[k])}</th>' for k in STATS_COLUMNS)
    return (f'<div class="stats-wrap"><table class="stats"><thead><tr>{heads}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>'
            f'<p class="stats-note">{escape(t("stats.note"))}'
            f' {escape(t("stats.note.puzzles"))} {escape(t("stats.note.helped"))}</p>')
