"""The native core leaves the caller's x87 state as it found it.

On x86-64 the MMX registers are the x87 stack's. GCC 12 once vectorised the four-player tally of
the equity engine through an MMX register with no EMMS after it: every later x87 load then
overflowed the stack, so after ``equity`` of four players sampled, numpy's ``longdouble``
arithmetic (x87 on x86-64 Linux) gave NaN. The build now forbids MMX registers (``-mno-mmx``);
these tests hold both the behaviour and the built code to that.
"""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import warnings
from collections.abc import Callable

import numpy as np
import pytest

from wildeval import Evaluator, _core
from wildeval.odds import equity

X86_64 = platform.machine().lower() in ("x86_64", "amd64")

HANDS = ["As Ad", "Kc Kd", "Qs Qh", "Jc Jd", "Tc Th", "9s 9d", "8c 8d", "7s 7h", "6c 6d", "5s 5h"]


def _long_double_ok() -> bool:
    """A long double division gives its right value and raises no floating-point flag."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            third = np.longdouble(1) / np.longdouble(3)
        except RuntimeWarning:
            return False
    return bool(np.isfinite(third)) and abs(float(third) - 1 / 3) < 1e-15


def _calls() -> list[tuple[str, Callable[[], object]]]:
    """Native paths: equity of 2 to 10 players, sampled and counted, and batches of values."""
    calls: list[tuple[str, Callable[[], object]]] = []
    for n in range(2, 11):
        calls.append((f"equity of {n} sampled", lambda n=n: equity(HANDS[:n], trials=20_000, seed=1, threads=1)))
        calls.append((f"equity of {n} on a flop", lambda n=n: equity(HANDS[:n], board="2h 3c 4d", threads=1)))
    calls.append(("equity of ranges", lambda: equity(["QQ+, AKs", "JJ, TT", "99, 88", "AQs"], trials=20_000, seed=2)))
    rows = np.random.default_rng(3).permuted(np.tile(np.arange(52, dtype=np.uint8), (4_096, 1)), axis=1)[:, :7]
    for kernel in (k for k in _core.rows_kernels() if _core.rows_kernel_runs(k)):
        calls.append((f"batch under {kernel}", lambda kernel=kernel: (_core.use_rows_kernel(kernel),
                                                                       Evaluator().batch(rows, threads=1))))
    return calls


@pytest.mark.usefixtures("keeps_rows_kernel")
@pytest.mark.parametrize(("name", "call"), _calls(), ids=[name for name, _ in _calls()])
def test_long_double_arithmetic_works_after_a_native_call(name: str, call: Callable[[], object]) -> None:
    assert _long_double_ok(), "the x87 state was already spoiled before this call"
    call()
    assert _long_double_ok(), f"after {name}, long double arithmetic is NaN: the x87 stack was left full"


if X86_64 and sys.platform.startswith("linux"):
    # where long double is the x87's and the MMX registers alias its stack

    def test_the_check_sees_a_full_x87_stack() -> None:
        # the planted fault, in a child process: one MMX instruction and no EMMS after it
        code = (
            "import ctypes, mmap, numpy as np, warnings\n"
            "buf = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)\n"
            "buf.write(bytes([0x48, 0x0f, 0x6e, 0xc7, 0xc3]))  # movq %rdi, %mm0; ret\n"
            "ctypes.CFUNCTYPE(None, ctypes.c_uint64)(ctypes.addressof(ctypes.c_char.from_buffer(buf)))(1)\n"
            "warnings.simplefilter('ignore')\n"
            "print(bool(np.isfinite(np.longdouble(1) / np.longdouble(3))))\n"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == "False"

    def test_the_built_core_uses_no_mmx_register() -> None:
        objdump = shutil.which("objdump")
        assert objdump, "objdump (binutils, which GCC brings) is needed to read the built core"
        listing = subprocess.run([objdump, "-d", "--no-show-raw-insn", _core.__file__], capture_output=True,
                                 text=True, check=True).stdout
        used = [line.strip() for line in listing.splitlines() if "%mm" in line]
        assert not used, f"MMX registers in the core (build it with -mno-mmx): {used[:5]}"
