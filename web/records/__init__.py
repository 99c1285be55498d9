"""Hand and match records: export, import, and the replay viewer."""
