"""Output paths (``--out``, ``--csv``, ``--plot``): a regular file is replaced only when the run
ends well; a symbolic link's file is the one replaced and the link stays; a device or a FIFO is
written in place, never replaced by a regular file."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from wildeval.cli import main
from wildeval.cli.common import output_bytes, output_file, output_records


def test_a_symlink_stays_and_its_file_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "out.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with pytest.raises(KeyboardInterrupt), output_file(str(link)) as stream:
        stream.write("half")
        raise KeyboardInterrupt
    assert link.is_symlink() and real.read_text() == "old"
    with output_file(str(link)) as stream:
        stream.write("new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new"
    # the temporary file went beside the target, and nothing is left beside either
    assert sorted(os.listdir(tmp_path)) == ["link.txt", "real"]
    assert os.listdir(tmp_path / "real") == ["out.txt"]


def test_a_dangling_symlink_creates_its_file(tmp_path: Path) -> None:
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "made.jsonl")
    with output_records(str(link)) as out:
        out.write("{}\n")
    assert link.is_symlink() and (tmp_path / "made.jsonl").read_text() == "{}\n"
    gone = tmp_path / "gone.txt"
    gone.symlink_to(tmp_path / "no" / "such.txt")
    with pytest.raises(OSError, match="cannot write .*: there is no folder"), output_file(str(gone)):
        pass


def _fifo_with_a_reader(folder: Path) -> tuple[Path, threading.Thread, list[bytes]]:
    """A FIFO in ``folder`` and a thread reading it to the end into the list."""
    fifo = folder / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    return fifo, reader, got


def test_a_fifo_is_written_through(tmp_path: Path) -> None:
    fifo, reader, got = _fifo_with_a_reader(tmp_path)
    with output_records(str(fifo)) as out:
        out.write('{"game": 1}\n')
        out.write('{"game": 2}\n')
    reader.join(timeout=30)
    assert got == [b'{"game": 1}\n{"game": 2}\n']
    assert stat.S_ISFIFO(fifo.stat().st_mode) and os.listdir(tmp_path) == ["pipe"]


def test_simulate_out_to_a_fifo_gives_the_reader_every_record(tmp_path: Path) -> None:
    fifo, reader, got = _fifo_with_a_reader(tmp_path)
    assert main(["simulate", "napalm", "--players", "3", "--games", "3", "--seed", "1",
                 "--out", str(fifo)]) == 0
    reader.join(timeout=30)
    assert len(got[0].splitlines()) == 3
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def _null_device(folder: Path) -> Path:
    """A character device node like /dev/null (1, 3) in ``folder``: never /dev/null itself."""
    node = folder / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError) as error:
        pytest.skip(f"cannot make a device node here: {error}")
    return node


def test_a_character_device_is_written_through_never_replaced(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    node = _null_device(tmp_path)
    with output_bytes(str(node)) as stream:
        stream.write(b"image")
    assert main(["chart", "--game", "napalm", "--stage", "1", "--deals", "200", "--seed", "1",
                 "--csv", str(node)]) == 0
    assert main(["simulate", "napalm", "--players", "3", "--games", "2", "--seed", "1",
                 "--out", str(node)]) == 0
    assert stat.S_ISCHR(node.stat().st_mode) and node.stat().st_rdev == os.makedev(1, 3)
    assert os.listdir(tmp_path) == ["null"]
    capsys.readouterr()


def test_a_reader_that_goes_away_ends_the_run_quietly() -> None:
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "wildeval", "simulate", "napalm", "--games", "300", "--seed", "1",
                                "--out", "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    error = process.stderr.read().decode()
    assert process.wait(timeout=120) in (0, 141)
    assert "Broken pipe" not in error and "Errno 32" not in error and "Traceback" not in error


def test_an_ascii_stream_gets_ascii_cards() -> None:
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    for argv, want in ((["eval", "A♠ K♠ Q♠ J♠ T♠"], "As Ks Qs Js Ts: Royal flush  [As Ks Qs Js Ts]"),
                       (["eval", "A♠ K♠ Q♠ J♠ T♠", "--json"], '"hand": "A\\u2660 K\\u2660'),
                       (["odds", "A♠ K♠", "QQ", "--board", "2c 3d 4h"], "As Ks         win")):
        done = subprocess.run([sys.executable, "-m", "wildeval", *argv], capture_output=True, env=env)
        assert done.returncode == 0, done.stderr
        assert want in done.stdout.decode("ascii")
