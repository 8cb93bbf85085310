"""``wildeval bench --load``: a saved report read back and checked field by field, each fault
said in words that name the file, the row and the field."""

from __future__ import annotations

import json
import math
from typing import Any, cast

__all__ = ["check_report", "load_report"]


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_field(where: str, key: str, value: Any, *, positive: bool = False, whole: bool = False) -> None:
    """ValueError in words unless ``value`` is a finite number (above 0 if ``positive``, else 0 or
    more; whole if ``whole``)."""
    if not _number(value):
        raise ValueError(f"{where}'{key}' is {_shown(value)}, not a number")
    if not math.isfinite(value):
        raise ValueError(f"{where}'{key}' is {_shown(value)}, not a finite number")
    if whole and value != int(value):
        raise ValueError(f"{where}'{key}' is {_shown(value)}, not a whole number")
    if abs(value) > 1e18:
        raise ValueError(f"{where}'{key}' is {_shown(value)}, too large to be a measurement")
    if positive and value <= 0:
        raise ValueError(f"{where}'{key}' is {_shown(value)}: it must be above 0")
    if value < 0:
        raise ValueError(f"{where}'{key}' is {_shown(value)}: it cannot be below 0")


def check_report(report: Any) -> None:
    """ValueError naming the field where ``report`` is not what ``--json`` writes."""
    if not isinstance(report, dict) or not isinstance(report.get("results"), list) or not all(
            isinstance(r, dict) for r in report["results"]) or not isinstance(report.get("machine"), dict):
        raise ValueError("not a report written by wildeval bench --json")
    if not report["results"]:
        raise ValueError("'results' is empty: the report has no rows")
    for key in ("seed", "import_seconds", "table_bytes", "missing_peers"):
        if key not in report:
            raise ValueError(f"there is no '{key}'")
    for key in ("import_seconds", "table_bytes"):
        _check_field("", key, report[key])
    if not isinstance(report["missing_peers"], list) or not all(isinstance(p, str) for p in report["missing_peers"]):
        raise ValueError(f"'missing_peers' is {_shown(report['missing_peers'])}, not a list of names")
    for key in ("processor", "cores", "python"):
        if key not in report["machine"]:
            raise ValueError(f"'machine' has no '{key}'")
    for i, row in enumerate(report["results"], 1):
        where = f"row {i}, "
        for key in ("name", "hands", "hands_per_second", "spread", "vs_reference"):
            if key not in row:
                raise ValueError(f"row {i} has no '{key}'")
        if not isinstance(row["name"], str) or not row["name"]:
            raise ValueError(f"{where}'name' is {_shown(row['name'])}, not a name")
        where = f"row {i} ({row['name']}), "
        _check_field(where, "hands", row["hands"], positive=True, whole=True)
        _check_field(where, "hands_per_second", row["hands_per_second"], positive=True)
        _check_field(where, "spread", row["spread"])
        _check_field(where, "vs_reference", row["vs_reference"], positive=True)


def load_report(path: str) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise ValueError(f"--load {path}: there is no such file") from None
    except IsADirectoryError:
        raise ValueError(f"--load {path}: is a folder, not a report") from None
    except OSError as error:
        raise ValueError(f"--load {path}: cannot read it: {(error.strerror or str(error)).lower()}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"--load {path}: not JSON but binary data (byte {error.object[error.start]:#04x} at "
                         f"offset {error.start} is not UTF-8 text); give a report that --json wrote") from None
    try:
        report = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"--load {path}: not JSON ({error.msg} at line {error.lineno}, column {error.colno})") \
            from None
    except RecursionError:
        raise ValueError(f"--load {path}: not a report written by wildeval bench --json (nested too deep)") \
            from None
    try:
        check_report(report)
    except ValueError as error:
        raise ValueError(f"--load {path}: {error}") from None
    return cast(dict[str, Any], report)
