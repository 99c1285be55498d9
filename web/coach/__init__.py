"""The coach: the hand review, "Learn from your mistakes" (puzzles) and the guided hands."""
