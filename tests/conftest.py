"""Under CI (CI=true) a skipped test fails: every check, the peers' differential tests included,
must run there (the peers are in the `test` extra). The `rows_kernel` fixture runs a test under
each batch kernel this machine runs."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from wildeval import _core

# test-support modules (the referees, tests/referee_*.py) are imported by name
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get("CI", "").lower() == "true":
        report.outcome = "failed"
        report.longrepr = f"skipped under CI: {report.longrepr}"


# Every kernel of rows of 5-7 cards (and of narrowing wide cards) this machine runs.
ROWS_KERNELS = [name for name in _core.rows_kernels() if _core.rows_kernel_runs(name)]


@pytest.fixture(params=ROWS_KERNELS)
def rows_kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    """Runs the test under each row kernel, then puts the machine's choice back."""
    before = _core.rows_kernel()
    _core.use_rows_kernel(request.param)
    yield request.param
    _core.use_rows_kernel(before)
