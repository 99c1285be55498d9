"""Run-wide guards: a deadline for the whole run, so that a broken build fails CI instead of
timing it out (CI stops a run at 90 minutes)."""

from __future__ import annotations

import os
import time

import pytest

# Minutes after which the tests not yet started fail at once. Quiet, the whole run takes a few.
RUN_DEADLINE_MINUTES = float(os.environ.get("BELOTE_TEST_DEADLINE_MINUTES", "60"))
_START = time.monotonic()


def pytest_runtest_setup(item):
    elapsed = (time.monotonic() - _START) / 60
    if elapsed > RUN_DEADLINE_MINUTES:
        pytest.fail(f"the run is past its {RUN_DEADLINE_MINUTES:g}-minute deadline "
                    f"({elapsed:.0f} min): not starting {item.nodeid}", pytrace=False)


@pytest.fixture
def english():
    """The page's words in English for the test, and again after it (web.i18n's language is
    a module global)."""
    from web.i18n import set_language

    set_language("en")
    yield
    set_language("en")
