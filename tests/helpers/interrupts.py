"""A simulated Ctrl-C, shared by the tests that stop a long native call (core/test_pool_cuts.py,
odds/test_versus_random.py, games/test_videopoker_game.py)."""

from __future__ import annotations

import _thread
import signal
import threading
import time
from collections.abc import Callable

import pytest


def interrupted_within(call: Callable[[], object], after: float = 0.3) -> float:
    """Seconds from a simulated Ctrl-C (at ``after`` s) to the KeyboardInterrupt out of ``call``,
    with Python's own SIGINT handler meanwhile (a shell that starts the tests in the background
    without job control ignores SIGINT, and a simulated Ctrl-C would then do nothing)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(after, _thread.interrupt_main)
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
            time.sleep(5)  # (never reached: the call outlasts the timer) a late interrupt lands here
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    return time.perf_counter() - start - after
