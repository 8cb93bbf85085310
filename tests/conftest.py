"""Under CI (CI=true) a skipped test fails: every check, the peers' differential tests included,
must run there (the peers are in the `test` extra). The `rows_kernel` fixture runs a test under
each batch kernel this machine runs (`keeps_rows_kernel` puts the machine's choice back after a
test that picks kernels itself); `client` is a local Dask cluster per module; the `pokerkit`
fixture is pokerkit, or a skip where it is not installed; the hypothesis profile "wildeval"
(loaded here) is every property test's settings."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import settings

from wildeval import _core

# test-support modules (tests/helpers/: the referees, the shared moves and strategies) are imported
# by name from any folder of tests/
sys.path.insert(0, str(Path(__file__).resolve().parent / "helpers"))

# No deadline for any example: a property's examples run the native core and whole games, whose
# time varies with the machine, the kernel and a loaded CI runner (a test's own @settings sets its
# max_examples and the like; what it leaves out comes from this profile)
settings.register_profile("wildeval", deadline=None)
settings.load_profile("wildeval")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get("CI", "").lower() == "true":
        report.outcome = "failed"
        report.longrepr = f"skipped under CI: {report.longrepr}"


# Every kernel of rows of 5-7 cards (and of narrowing wide cards) this machine runs, or those
# that WILDEVAL_TEST_ROWS_KERNELS names (a comma list: tools/sanitize --quick bounds its runs so;
# tests/core/test_kernels_agree.py still compares every kernel). A name that does not run here fails.
def _rows_kernels() -> list[str]:
    runs = [name for name in _core.rows_kernels() if _core.rows_kernel_runs(name)]
    asked = os.environ.get("WILDEVAL_TEST_ROWS_KERNELS", "")
    if not asked:
        return runs
    names = list(dict.fromkeys(name.strip() for name in asked.split(",") if name.strip()))
    missing = [name for name in names if name not in runs]
    if missing or not names:
        raise pytest.UsageError(f"WILDEVAL_TEST_ROWS_KERNELS={asked!r}: {missing or 'no name'} not among "
                                f"the kernels this machine runs, {runs}")
    return names


ROWS_KERNELS = _rows_kernels()


@pytest.fixture(params=ROWS_KERNELS)
def rows_kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    """Runs the test under each row kernel, then puts the machine's choice back."""
    before = _core.rows_kernel()
    _core.use_rows_kernel(request.param)
    yield request.param
    _core.use_rows_kernel(before)


@pytest.fixture
def keeps_rows_kernel() -> Iterator[None]:
    """Puts the machine's choice of row kernel back after a test that chooses one itself."""
    before = _core.rows_kernel()
    yield
    _core.use_rows_kernel(before)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A local Dask cluster of two processes (one per module that asks), and its client."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as c:
        yield c


@pytest.fixture(scope="session")
def pokerkit() -> ModuleType:
    """pokerkit, the peer of the pokerkit differential tests, or a skip where it is not installed
    (CI installs it: the test extra). Modules built on tests/helpers/pokerkit_replay.py are
    skipped by that module's own import instead."""
    return pytest.importorskip("pokerkit")
