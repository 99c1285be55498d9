"""Browser tests: a package, so that their module names (browser.test_settings) do not clash
with those of the CPython tests (test_settings) under pytest's default import mode."""
