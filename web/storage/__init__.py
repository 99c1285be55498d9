"""What the page keeps in localStorage: the save, the settings and the statistics."""
