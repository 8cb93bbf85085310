"""``--scheduler`` and ``--workers``: run a command's work on a Dask cluster (the dask extra:
``pip install 'dask[distributed]'``). Without either, nothing of Dask is imported."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import Any

from wildeval.cli.common import int_in

__all__ = ["add_cluster", "client_for", "uses_cluster"]


def add_cluster(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "on a Dask cluster (pip install 'dask[distributed]' (the dask extra); the same answers)")
    where = group.add_mutually_exclusive_group()
    where.add_argument("--scheduler", default=None, metavar="ADDRESS",
                       help="run the tasks on the cluster of this scheduler, e.g. tcp://10.0.0.5:8786")
    where.add_argument("--workers", type=int_in(1, 1024), default=None, metavar="N",
                       help="start a local cluster of N worker processes for the run")


def uses_cluster(args: argparse.Namespace) -> bool:
    return getattr(args, "scheduler", None) is not None or getattr(args, "workers", None) is not None


@contextlib.contextmanager
def client_for(args: argparse.Namespace) -> Iterator[Any]:
    """None without ``--scheduler``/``--workers``; else a ``distributed.Client`` for the block."""
    if not uses_cluster(args):
        yield None
        return
    try:
        from wildeval.dask import connect
    except ImportError:
        raise ValueError("--scheduler and --workers need dask.distributed: "
                         "pip install 'dask[distributed]' (the dask extra)") from None
    with contextlib.ExitStack() as stack:
        try:
            client = stack.enter_context(connect(args.scheduler, args.workers))
        except OSError as error:  # no scheduler there, or it did not answer in time
            raise OSError(f"cannot reach the Dask scheduler {args.scheduler}: {error}") from None
        yield client
