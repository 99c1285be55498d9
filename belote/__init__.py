"""Belote: a pure-Python rules engine for Bulgarian Belot, French Belote, Coinche, Bela and
Classic Belote, with hand records and bots. Runs unchanged under CPython and Pyodide."""

from .game import Match
from .hand import Hand
from .record import RecordError, hand_record, replay
from .refusal import IllegalAction
from .rules import RULE_SETS, RuleError, get_rules

__version__ = "0.1.0"
__all__ = ["IllegalAction", "Match", "Hand", "RecordError", "hand_record", "replay",
           "RULE_SETS", "RuleError", "get_rules"]
