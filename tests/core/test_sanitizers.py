"""The native subset of the suite under AddressSanitizer + UndefinedBehaviorSanitizer and under
libstdc++'s assertions (tools/sanitize --quick): two builds of the extension, any report fails.
About three minutes on two cores; tools/sanitize without --quick runs the whole suite."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux" or shutil.which("g++") is None or shutil.which("cmake") is None,
                    reason="the sanitizer builds need Linux, g++ and cmake")
def test_sanitized_builds_report_nothing() -> None:
    run = subprocess.run(["bash", str(ROOT / "tools" / "sanitize"), "--quick"], cwd=ROOT, capture_output=True,
                         text=True, timeout=1800, env={**os.environ, "PYTHON": sys.executable})
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "tools/sanitize: no report" in run.stdout
