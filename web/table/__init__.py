"""The table itself: the match on the felt, the player's moves, the bots' turns, and the
HTML of its regions."""
