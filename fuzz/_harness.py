"""What every fuzz target shares: reading structured choices out of the fuzzer's bytes, and a
main that runs a target under atheris (libFuzzer, coverage-guided) or, where atheris is not
installed, under a plain mutation loop over the same corpus with the same properties.

A target is a module with ``test_one_input(data: bytes) -> None`` that raises on a finding
(an ``AssertionError`` for a broken property, or any exception the interface does not promise)
and ends with ``if __name__ == "__main__": main(test_one_input)``. Run one as

    python fuzz/fuzz_batch.py [CORPUS_DIR ...] [-max_total_time=SECONDS] [-runs=N] [libFuzzer flags]

(see ``fuzz/run`` for every target with a time budget each).
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Data:
    """The fuzzer's bytes, read as choices; once they run out every choice is its first option
    (so every input, even an empty one, is a complete test)."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def remaining(self) -> int:
        return len(self._data) - self._at

    def byte(self) -> int:
        if self._at >= len(self._data):
            return 0
        self._at += 1
        return self._data[self._at - 1]

    def int(self, low: int, high: int) -> int:
        """An int from ``low`` to ``high``, both included."""
        span = high - low
        if span <= 0:
            return low
        value, scale = 0, 1
        while scale <= span:
            value = value * 256 + self.byte()
            scale *= 256
        return low + value % (span + 1)

    def bool(self) -> bool:
        return self.byte() & 1 == 1

    def chance(self, one_in: int) -> bool:
        """True about once in ``one_in`` inputs (False once the bytes run out)."""
        return self.int(0, one_in - 1) == one_in - 1

    def pick(self, options: Sequence[T]) -> T:
        return options[self.int(0, len(options) - 1)]

    def bytes(self, n: int) -> bytes:
        chunk = self._data[self._at : self._at + n]
        self._at += len(chunk)
        return chunk

    def text(self, alphabet: str, max_len: int) -> str:
        """Mostly characters of ``alphabet``; sometimes any code point."""
        out = []
        for _ in range(self.int(0, max_len)):
            if self.chance(16):
                out.append(chr(self.int(0, 0x10FFFF)))
            else:
                out.append(self.pick(alphabet))
        return "".join(out)


def _flags(argv: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    dirs = [a for a in argv if not a.startswith("-")]
    flags = dict(a[1:].split("=", 1) for a in argv if a.startswith("-") and "=" in a)
    return dirs, flags


def _fallback(test_one_input: Callable[[bytes], Any], argv: Sequence[str]) -> None:
    """Without atheris: the corpus, then random mutations of it, for the time or runs asked."""
    dirs, flags = _flags(argv)
    seconds = float(flags.get("max_total_time", "10"))
    runs = int(flags.get("runs", "-1"))
    rng = random.Random(int(flags.get("seed", "1")))
    corpus: list[bytes] = []
    for d in dirs:
        if os.path.isdir(d):
            for name in sorted(os.listdir(d)):
                with open(os.path.join(d, name), "rb") as f:
                    corpus.append(f.read())
    corpus = corpus or [b""]
    start, done = time.monotonic(), 0
    inputs = iter(corpus)
    while (runs < 0 or done < runs) and time.monotonic() - start < seconds:
        data = next(inputs, None)
        if data is None:  # the corpus is done: mutate it
            base = bytearray(rng.choice(corpus))
            for _ in range(rng.randint(1, 8)):
                op = rng.randrange(3)
                if op == 0 or not base:
                    base.insert(rng.randint(0, len(base)), rng.randrange(256))
                elif op == 1:
                    base[rng.randrange(len(base))] = rng.randrange(256)
                else:
                    del base[rng.randrange(len(base))]
            if rng.randrange(8) == 0:
                base += rng.randbytes(rng.randint(1, 64))
            data = bytes(base)
        try:
            test_one_input(data)
        except BaseException:
            with open(flags.get("artifact_prefix", "./") + "crash-fallback", "wb") as f:
                f.write(data)
            raise
        done += 1
    print(f"Done {done} runs in {int(time.monotonic() - start)} second(s) (fallback, no atheris)")


def _instrument(atheris: Any) -> None:
    """atheris.instrument_all, but only for wildeval and the fuzz targets: instrumenting numpy
    and the standard library too takes a quarter of a minute and guides nothing we test."""
    import gc
    import types

    from atheris.instrument_bytecode import instrument_func

    here = os.path.dirname(os.path.abspath(__file__))
    for obj in gc.get_objects():
        if not isinstance(obj, types.FunctionType):
            continue
        module = sys.modules.get(getattr(obj, "__module__", None) or "")
        source = getattr(module, "__file__", None) or ""
        if (obj.__module__ or "").startswith("wildeval") or source.startswith(here):
            try:
                instrument_func(obj)
            except Exception:  # noqa: S110  # a function atheris cannot instrument runs as it is
                pass


def main(test_one_input: Callable[[bytes], Any]) -> None:
    try:
        import atheris
    except ImportError:
        _fallback(test_one_input, sys.argv[1:])
        return
    _instrument(atheris)  # coverage of wildeval's Python code (and the target's) guides the mutations
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


RANKINGS = ("high", "low27", "low_a5", "three_card_poker")
CARD_ALPHABET = "23456789TJQKAtjqka10cdhsCDHS♣♦♥♠♧♢♡♤ ,\t\n"


def settings(data: Data) -> tuple[str, str | None, bool]:
    """An evaluator's settings: a ranking, wild ranks where it takes them, the flush option."""
    ranking = data.pick(RANKINGS)
    wild = None
    if ranking in ("high", "three_card_poker") and data.bool():
        wild = "".join(sorted({data.pick("23456789TJQKA") for _ in range(data.int(1, 3))}))
    return ranking, wild, data.bool()


_PAIRS: dict[tuple[str, str | None, bool], tuple[Any, Any]] = {}


def evaluator_pair(data: Data) -> tuple[Any, Any]:
    """A native evaluator and its reference twin for settings drawn from ``data``, each built
    once per settings (wildeval is imported here, after the instrumentation is in place)."""
    key = settings(data)
    if key not in _PAIRS:
        from wildeval import Evaluator, reference

        ranking, wild, flush = key
        _PAIRS[key] = (Evaluator(ranking, wild, flush_duplicates=flush),  # type: ignore[arg-type]
                       reference.Evaluator(ranking, wild, flush_duplicates=flush))
    return _PAIRS[key]


def same_outcome(native: Callable[[], T], reference: Callable[[], T], *, same_kind: bool = True
                 ) -> tuple[T | None, T | None]:
    """Both results, or the same exception type from both (an AssertionError if not): native
    equals the reference wherever both accept the input, and they refuse the same inputs.
    ``same_kind=False`` lets an input with several faults be refused for different ones."""
    results: list[Any] = []
    errors: list[BaseException | None] = []
    for fn in (native, reference):
        try:
            results.append(fn())
            errors.append(None)
        except (ValueError, TypeError) as e:
            results.append(None)
            errors.append(e)
    kinds = [type(e) if e is not None else None for e in errors]
    if not same_kind:
        kinds = [k is None for k in kinds]  # type: ignore[misc]
    assert kinds[0] == kinds[1], f"native {errors[0]!r} but reference {errors[1]!r}"
    return results[0], results[1]
