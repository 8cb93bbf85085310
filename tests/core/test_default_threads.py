"""What threads=None runs on (issue 48): WILDEVAL_THREADS where set, else the CPUs this process
may run on (its affinity), at most its cgroup's CPU quota; each in a fresh interpreter, since the
count is read once."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from wildeval import _core


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env})


def test_the_environment_variable_sets_the_default() -> None:
    code = ("import numpy as np, wildeval; from wildeval import _core; from wildeval.sampling import random_hands\n"
            "print(_core.default_threads())\n"
            "hands = random_hands(100_000, 7, seed=1)\n"
            "assert (wildeval.Evaluator().batch(hands) == wildeval.Evaluator().batch(hands, threads=1)).all()\n")
    done = _run(code, WILDEVAL_THREADS="3")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3"]


@pytest.mark.parametrize("bad", ["abc", "0", "-2", "2.5", "100000"])
def test_a_bad_environment_variable_is_refused_in_words(bad: str) -> None:
    code = "import wildeval; from wildeval.sampling import random_hands; wildeval.Evaluator().batch(random_hands(9, 7))"
    done = _run(code, WILDEVAL_THREADS=bad)
    assert done.returncode != 0
    assert f"WILDEVAL_THREADS={bad} is not a whole number of threads from 1 to 1024" in done.stderr
    assert "Traceback" in done.stderr and "ValueError" in done.stderr


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity on this platform")
def test_the_default_is_the_cpus_this_process_may_run_on() -> None:
    one = sorted(os.sched_getaffinity(0))[0]
    code = (f"import os; os.sched_setaffinity(0, {{{one}}})\n"
            "from wildeval import _core; print(_core.default_threads(), _core.hardware_threads())")
    done = _run(code, WILDEVAL_THREADS="")
    assert done.returncode == 0, done.stderr
    used, machine = map(int, done.stdout.split())
    assert used == 1 and machine == os.cpu_count()


def test_a_cpu_quota_is_read_as_threads() -> None:
    assert _core._cpu_max_threads("200000 100000") == 2
    assert _core._cpu_max_threads("150000 100000\n") == 2  # rounded up
    assert _core._cpu_max_threads("50000 100000") == 1
    assert _core._cpu_max_threads("max 100000") == 0  # no quota
    assert _core._cpu_max_threads("") == 0 and _core._cpu_max_threads("2 cpus") == 0
