"""wildeval chart --solver: the thresholds' words never cover a curve. The figure is observed as
it is saved (the real command in a subprocess, the real plot in process): every text the plot
holds, in display coordinates, against every curve's segments and markers, the legend, the
title and each other."""

from __future__ import annotations

import inspect
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib")

Box = tuple[float, float, float, float]


def observe(path: str) -> None:
    """Make every Figure.savefig also write, to ``path`` as JSON, where the first plot's texts,
    curves, legend and the figure's title fell in display coordinates (pixels)."""
    import json as json_

    from matplotlib.figure import Figure

    saved = Figure.savefig

    def savefig(self: Any, *args: Any, **kwargs: Any) -> None:
        saved(self, *args, **kwargs)
        renderer = self.canvas.get_renderer()
        ax = self.axes[0]

        def box(artist: Any) -> list[float]:
            b = artist.get_window_extent(renderer)
            return [b.x0, b.y0, b.x1, b.y1]

        titles = [t for t in (self._suptitle, ax.title) if t is not None and t.get_text()]
        record = {
            "figure": [0, 0, self.bbox.width, self.bbox.height],
            "texts": [{"text": t.get_text(), "box": box(t.get_bbox_patch() or t)} for t in ax.texts],
            "curves": [{"points": line.get_transform().transform(line.get_xydata()).tolist(),
                        "pad": max(line.get_linewidth(), line.get_markersize()) * self.dpi / 72 / 2}
                       for line in ax.get_lines() if not line.get_label().startswith("_")],
            "others": [box(a) for a in [ax.get_legend(), *titles] if a is not None]
            + [box(t) for t in ax.get_xticklabels() + ax.get_yticklabels() if t.get_text()],
        }
        with open(path, "w", encoding="utf-8") as f:
            json_.dump(record, f)

    Figure.savefig = savefig  # type: ignore[method-assign]


def _segment_meets(box: Box, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether the segment from ``a`` to ``b`` touches the box (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
        if low > high:
            return False
    return True


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_clear(record: dict[str, Any]) -> None:
    """No text of the plot on a curve (its line's width and markers taken in), on the legend, a
    title or a tick label, on another such text, or outside the figure."""
    assert record["texts"], "the plot holds no texts"
    for n, text in enumerate(record["texts"]):
        x0, y0, x1, y1 = text["box"]
        for curve in record["curves"]:
            pad = curve["pad"] + 1
            grown = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
            points = [tuple(p) for p in curve["points"]]
            on = [p for p, q in itertools.pairwise(points) if _segment_meets(grown, p, q)]
            assert not on, f"{text['text']!r} at {text['box']} lies over a curve near {on[0]}"
        for other in record["others"]:
            assert not _overlap(text["box"], other), f"{text['text']!r} covers a title, tick label or the legend"
        for later in record["texts"][n + 1:]:
            assert not _overlap(text["box"], later["box"]), f"{text['text']!r} covers {later['text']!r}"
        fx0, fy0, fx1, fy1 = record["figure"]
        assert fx0 <= x0 and x1 <= fx1 and fy0 <= y0 and y1 <= fy1, f"{text['text']!r} is cut off"


def test_chart_solver_labels_are_clear_of_the_curves(tmp_path: Path) -> None:
    """The command of the report, `wildeval chart --solver 4 --out x.png`, as a user runs it."""
    record_path, image = tmp_path / "record.json", tmp_path / "x.png"
    script = ("from __future__ import annotations\nimport sys\nfrom typing import Any\n\n"
              + inspect.getsource(observe) + "\nobserve(sys.argv[1])\nfrom wildeval.cli import main\n"
              "sys.exit(main(sys.argv[2:]))\n")
    argv = ["chart", "--game", "three-five-seven", "--stage", "1", "--solver", "4", "--deals", "20000",
            "--quiet"]
    done = subprocess.run([sys.executable, "-c", script, str(record_path), *argv, "--out", str(image), "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    places = [m["place"] for m in json.loads(done.stdout)["solver"]]
    assert len(places) == 4 and image.stat().st_size > 0
    record = json.loads(record_path.read_text())
    words = "\n".join(t["text"] for t in record["texts"])
    assert all(place in words for place in places)  # every threshold is named on the image
    check_clear(record)


@pytest.mark.parametrize("size", [(1600, 900), (800, 500)])
def test_close_and_shared_thresholds_keep_clear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                size: tuple[int, int]) -> None:
    """Thresholds in neighbouring classes and in one class (a 5-card stage of 105 classes, a
    small image): their tags stack instead of covering each other, and nothing covers a curve."""
    from matplotlib.figure import Figure

    from wildeval import Evaluator
    from wildeval.chart import class_at, field_chart, plot

    chart = field_chart("three-five-seven", 2, [1, 2, 3, 4, 5, 6], deals=3000, seed=1)
    ev = Evaluator("high", "5")
    hands = ["Ks Kd 9h 7c 2d", "As Ad Kh 9c 2d", "As Ah Kd Jc 2d", "Ts Th Tc Jd 2d", "9s 9h 9c Ad 2d",
             "As Kd Qh Jc 9d", "6s 6d 6h Jc 7d"]
    marks = [(ev(h), f"place {n}: {h}") for n, h in enumerate(hands, 1)]
    at = [class_at(chart, v) for v, _ in marks]
    assert at[1] == at[2] and at[0] + 1 == at[1]  # a shared class beside another
    monkeypatch.setattr(Figure, "savefig", Figure.savefig)  # observe() replaces it; put it back after
    record_path = tmp_path / "record.json"
    observe(str(record_path))
    with open(tmp_path / "chart.png", "wb") as image:
        plot(chart, image, size=size, marks=marks)
    record = json.loads(record_path.read_text())
    assert sum("," in t["text"] for t in record["texts"]) == 1  # the two in one class share a tag
    check_clear(record)
