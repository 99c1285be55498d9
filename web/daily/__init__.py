"""The daily deal's room: the try under way and its storage (run.py), the update's handlers
(play.py) and the panels (panel.py). The rules of the daily deal are the engine's
(belote/daily.py, belote/streak.py; docs/daily.md)."""
