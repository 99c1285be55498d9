"""The table's program, the one path every click takes: its model, messages, update and view."""
