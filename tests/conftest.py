"""Under CI (CI=true) a skipped test fails: every check, the peers' differential tests included,
must run there (the peers are in the `test` extra)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# test-support modules (the referees, tests/referee_*.py) are imported by name
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get("CI", "").lower() == "true":
        report.outcome = "failed"
        report.longrepr = f"skipped under CI: {report.longrepr}"
