"""The bounded fuzz run of CI: every target in fuzz/ runs for a few seconds from its seed corpus
(under atheris when it is installed, as the test extra installs it on Linux; else the same
properties under a plain mutation loop) and must find nothing. Every finding so far is kept as a
regression test (tests/core/test_limits.py, tests/games/test_hostile_play.py), and each seed corpus is
also replayed here in-process, input by input.

WILDEVAL_FUZZ_SECONDS sets the time per target (default 6: about 40 s in all)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys

import pytest

FUZZ = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "fuzz")
sys.path.insert(0, FUZZ)
_loader = importlib.machinery.SourceFileLoader("fuzz_run", os.path.join(FUZZ, "run"))
_runner = importlib.util.module_from_spec(importlib.util.spec_from_loader("fuzz_run", _loader))
_loader.exec_module(_runner)
TARGETS, run = _runner.TARGETS, _runner.run

SECONDS = float(os.environ.get("WILDEVAL_FUZZ_SECONDS", "6"))


def _target(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(f"fuzz_{name}", os.path.join(FUZZ, f"fuzz_{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", TARGETS)
def test_the_seed_corpus_holds_every_property(name: str) -> None:
    folder = os.path.join(FUZZ, "corpus", name)
    seeds = sorted(os.listdir(folder))
    assert len(seeds) >= 10, f"the {name} corpus has {len(seeds)} seeds"
    target = _target(name)
    for seed in seeds:
        with open(os.path.join(folder, seed), "rb") as f:
            target.test_one_input(f.read())


@pytest.mark.slow
@pytest.mark.parametrize("name", TARGETS)
def test_a_bounded_fuzz_run_finds_nothing(name: str) -> None:
    ok, runs, elapsed, output = run(name, SECONDS)
    print(f"fuzz {name}: {runs:,} executions in {elapsed:.1f} s")
    assert ok, output[-4000:]
    assert runs > 0, output[-2000:]
