"""The command line as a person meets it: errors in its own words, safe output files, ASCII
where the terminal has no suit symbols, and JSON that is JSON."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import wildeval
from wildeval.cli import main
from wildeval.cli.common import output_file


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse's own errors and --version
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"wildeval {wildeval.__version__}"


@pytest.mark.parametrize("argv", [
    ("odds", "As Ad", "Kc Kd", "--board", "2h 7s 9c Kh 3c"),
    ("odds", "As Ad", "Kc Kd", "--board", "2h 7s 9c Kh 3c", "--board-size", "5"),
    ("odds", "Ah Kh Qh", "2c 3d 5h", "--board-size", "0", "--ranking", "three_card_poker"),
    ("odds", "As Ad 2h 7s 9c", "Kc Kd Kh 3c 4d", "--board-size", "0"),
])
def test_odds_with_nothing_to_deal_is_one_deal(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0 and err == ""
    rows = json.loads(out, parse_constant=lambda c: pytest.fail(f"JSON holds {c}"))
    assert [r["boards"] for r in rows] == [1, 1]
    assert sorted((r["win"], r["tie"]) for r in rows) == [(0.0, 0.0), (1.0, 0.0)]
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == "" and "nan" not in out and "one deal" in out


def test_odds_all_tie_on_a_complete_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "7c 2d", "7d 2c", "--board", "Ks Qs Js 9h 8h", "--json")
    assert code == 0
    assert [(r["win"], r["tie"], r["equity"]) for r in json.loads(out)] == [(0.0, 1.0, 0.5)] * 2


@pytest.mark.parametrize(("argv", "message"), [
    (("odds", "", "Kc Kd"), "hand 1 is empty"),
    (("odds", "As Ad", " "), "hand 2 is empty"),
    (("odds", "As Ad", "Kc Kd", "--trials", "0"), "argument --trials: must be from 1 to 1,000,000,000, not 0"),
    (("odds", "As Ad", "Kc Kd", "--trials", "many"), "argument --trials: 'many' is not a whole number"),
    (("odds", "As Ad", "Kc Kd", "--board-size", "-1"), "argument --board-size: must be from 0 to 7"),
    (("odds", "As Ad", "Kc Kd", "--board", "2h 7s 9c Kh 3c", "--trials", "5"), "the board is complete"),
    (("odds", "As Ad", "Kc Kd", "--ranking", "low"), "argument --ranking: invalid choice: 'low'"),
    (("odds", "As Ad", "Kc Kd", "--wild", "X"), "argument --wild: 'X' is not a rank"),
    (("census", "-1"), "1 to 7 cards, got -1"),
    (("census", "8"), "1 to 7 cards, got 8"),
    (("census", "3", "--ranking", "low27"), "5 to 7 cards, got 3"),
    (("census", "5", "--threads", "0"), "argument --threads: must be at least 1, not 0"),
    (("census", str(2**40)), f"got {2**40}"),
    (("eval", "As Xd"), "hand 1 ('As Xd'): bad card"),
    (("simulate", "napalm", "--hands", "3"), "--hands is not for napalm, which plays games: use --games"),
    (("simulate", "deuce-to-seven-triple-draw", "--games", "3"), "--games is not for deuce-to-seven"),
    (("simulate", "napalm", "--games", "-2"), "argument --games: must be from 0 to 100,000,000, not -2"),
    (("simulate", "napalm", "--players", "1000000", "--games", "1"),
     "--players must be from 2 to 7 for napalm, not 1,000,000"),
    (("play", "deuce-to-seven-triple-draw", "--players", "7"), "--players must be from 2 to 6 for deuce-to-seven"),
])
def test_errors_speak_the_command_lines_words(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err
    assert "=" not in err.split(":", 1)[1].replace("==", "")  # no API keyword (trials=) leaks through


def test_census_json_has_settings_total_and_only_possible_categories(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "census", "5", "--json")
    report = json.loads(out)
    assert code == 0
    assert {k: report[k] for k in ("n_cards", "ranking", "wild", "flush_duplicates", "total")} == {
        "n_cards": 5, "ranking": "high", "wild": None, "flush_duplicates": True, "total": 2_598_960}
    assert list(report["categories"]) == [
        "STRAIGHT_FLUSH", "FOUR_OF_A_KIND", "FULL_HOUSE", "FLUSH", "STRAIGHT", "THREE_OF_A_KIND",
        "TWO_PAIR", "PAIR", "HIGH_CARD"]  # no five of a kind without wild cards
    assert sum(report["categories"].values()) == report["total"]
    code, text, _ = run(capsys, "census", "5")
    names = [line.rsplit(None, 1)[0].upper().replace(" ", "_") for line in text.splitlines()]
    assert names == list(report["categories"]) + ["TOTAL"]


def test_census_json_lowball_lists_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "census", "5", "--ranking", "low_a5", "--json")
    report = json.loads(out)
    assert list(report["categories"]) == [
        "HIGH_CARD", "PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "FULL_HOUSE", "FOUR_OF_A_KIND"]
    _, out, _ = run(capsys, "census", "3", "--ranking", "three_card_poker", "--wild", "3", "--json")
    assert json.loads(out)["wild"] == "3"


def test_failed_simulate_keeps_the_existing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keep = tmp_path / "keep.txt"
    keep.write_text("precious\n")
    for argv in (("napalm", "--players", "0", "--games", "1"),
                 ("deuce-to-seven-triple-draw", "--players", "9", "--hands", "1")):
        code, _, err = run(capsys, "simulate", *argv, "--out", str(keep))
        assert code == 2 and "players" in err
        assert keep.read_text() == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["keep.txt"]  # no temporary file left behind


def test_simulate_replaces_the_file_and_prints_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    code, text, _ = run(capsys, "simulate", "napalm", "--players", "3", "--games", "4", "--seed", "1",
                        "--out", str(out))
    assert code == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 4 and all(json.loads(line)["game"] == i for i, line in enumerate(lines, 1))
    assert text.startswith("wildeval simulate: 4 games; wins: ")
    assert f"{out} ({out.stat().st_size:,} bytes)" in text
    assert sorted(os.listdir(tmp_path)) == ["games.jsonl"]


def test_one_game_or_hand_is_singular_and_the_play_header_says_the_ante_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for game, unit in (("napalm", "game"), ("ace-to-five-triple-draw", "hand")):
        code, text, _ = run(capsys, "simulate", game, f"--{unit}s", "1", "--out", str(tmp_path / "one"))
        assert code == 0 and text.startswith(f"wildeval simulate: 1 {unit}; wins: "), text
    header = _transcript("three-five-seven", "--ante", "2", seed=1).splitlines()[:3]
    assert sum(line.lower().count("ante 2") for line in header) == 1, header


def test_output_file_is_replaced_only_on_success(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises(KeyboardInterrupt), output_file(str(target)) as stream:
        stream.write("half")
        raise KeyboardInterrupt
    assert target.read_text() == "old" and sorted(os.listdir(tmp_path)) == ["out.txt"]
    with output_file(str(target)) as stream:
        stream.write("new")
    assert target.read_text() == "new"
    with pytest.raises(OSError, match="cannot write .*: there is no folder"), output_file(str(tmp_path / "no" / "x")):
        pass


def _cp1252_stdout(monkeypatch: pytest.MonkeyPatch) -> io.BytesIO:
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="cp1252"))
    return raw


def test_odds_falls_back_to_ascii_where_suits_cannot_be_written(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = _cp1252_stdout(monkeypatch)
    assert main(["odds", "As Ad", "Kc Kd", "--board", "2h 7s 9c Kh"]) == 0
    sys.stdout.flush()
    text = raw.getvalue().decode("cp1252")
    assert "As Ad" in text and "Kc Kd" in text


def test_odds_ascii_flag(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "As Ad", "Kc Kd", "--board", "2h 7s 9c Kh", "--ascii")
    assert "As Ad" in out and "♠" not in out
    _, out, _ = run(capsys, "odds", "As Ad", "Kc Kd", "--board", "2h 7s 9c Kh")
    assert ("A♠ A♦" in out) == (sys.stdout.encoding.lower().startswith("utf"))


@pytest.mark.parametrize("command", ["eval", "census", "odds", "bench", "simulate", "play"])
def test_help_lists_the_choices(command: str) -> None:
    help_text = subprocess.run([sys.executable, "-m", "wildeval", command, "--help"], check=True,
                               capture_output=True, text=True).stdout
    if command in ("eval", "census", "odds"):
        assert "high, low27, low_a5, three_card_poker" in help_text
    if command in ("simulate", "play"):
        assert "three-five-seven" in help_text and "deuce-to-seven-triple-draw" in help_text
    if command == "simulate":
        assert "JSON Lines" in help_text and "PHH" in help_text
    assert "``" not in help_text and ":func:" not in help_text


def test_odds_against_a_field_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "Qs Qd 7h", "--opponents", "1", "--game", "three-five-seven", "--stage", "1",
                       "--json")
    report = json.loads(out)
    assert code == 0 and set(report) == {"win", "tie", "lose", "exact", "deals", "stderr", "seed"}
    assert report["exact"] is True and report["deals"] == 18424 and report["stderr"] is None
    assert report["win"] + report["tie"] + report["lose"] == pytest.approx(1)
    code, out, _ = run(capsys, "odds", "Qs Qd 7h 2c 9d", "--opponents", "3", "--game", "napalm", "--stage", "2",
                       "--trials", "20000", "--seed", "4", "--json")
    sampled = json.loads(out)
    assert sampled["exact"] is False and sampled["deals"] == 20000 and sampled["stderr"] > 0
    code, again, _ = run(capsys, "odds", "Qs Qd 7h 2c 9d", "--opponents", "3", "--game", "napalm", "--stage", "2",
                         "--trials", "20000", "--seed", "4", "--json")
    assert again == out


def test_odds_against_random_hands_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "Ks Kd 5h 5c 9d", "--opponents", "1", "--ranking", "high", "--wild", "5",
                       "--board-size", "0", "--ascii")
    assert code == 0 and out.splitlines()[0] == "high, 5 wild; no board; every one of 1,533,939 deals"
    assert out.splitlines()[1].startswith("Ks Kd 5h 5c 9d  win ") and out.splitlines()[2].startswith("random ")
    # a hold'em hand against a random hand: the board is dealt, as a player expects, and every deal
    # counted (board by board: a fraction of a second)
    code, out, _ = run(capsys, "odds", "As Ad", "--opponents", "1", "--json")
    aces = json.loads(out)[0]
    assert code == 0 and round(aces["equity"], 6) == 0.852037 and aces["boards"] == 1225 * 1_712_304
    assert aces["stderr"] == 0 and aces["seed"] is None


@pytest.mark.parametrize(("argv", "message"), [
    (("odds", "As Ad", "Kc Kd", "--opponents", "2"), "--opponents takes one hand, not 2"),
    (("odds", "As Ad", "--opponents", "1", "--game", "napalm", "--stage", "1", "--board", "2h"),
     "--board, --dead and --board-size are not for a guts field"),
    (("odds", "As Ad", "--opponents", "1", "--game", "napalm"), "--game and --stage go together"),
    (("odds", "As Ad", "--opponents", "1", "--game", "napalm", "--stage", "1", "--wild", "2"), "not both"),
    (("odds", "As Ad Kd Kh Qs", "--opponents", "3", "--game", "napalm", "--stage", "2", "--exact"),
     "need sampling (--trials)"),
    (("odds", "As Ad", "--opponents", "1", "--exact", "--seed", "2"), "--exact counts every deal"),
    (("odds", "As Ad", "Kc Kd", "--game", "napalm", "--stage", "1"),
     "--game and --stage are for one hand against a guts"),
    (("odds", "As Ad", "Kc Kd", "--exact", "--trials", "5"), "--exact counts every deal"),
    (("odds", "QQ+", "AKx"), "player 2: range 'AKx': 'AKx' (at character 1) is not a hand"),
    (("odds", "As Ad", "Kc Kd", "--trials", "9", "--seed", "x"), "argument --seed: 'x' is not a whole number"),
    (("odds", "As Ad", "--opponents", "0"), "argument --opponents: must be from 1 to 25, not 0"),
    (("odds", "As Ad", "--opponents", "1", "--game", "napalm", "--stage", "2"), "stage 2 of napalm deals 5 cards"),
])
def test_field_errors_in_the_command_lines_words(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err
    assert "trials=" not in err and "seed=" not in err


# -- bench --plot, and progress bars ------------------------------------------------------------


def _wildeval(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wildeval", *argv], capture_output=True, text=True)


def _image_size(path: Path) -> tuple[int, int]:
    import matplotlib.image

    pixels = matplotlib.image.imread(str(path))
    return pixels.shape[1], pixels.shape[0]


@pytest.mark.slow
def test_bench_quick_json_and_plot(tmp_path: Path) -> None:
    """The benchmark as a user runs it: a report on standard output, the image at the size asked,
    nothing on standard error when it is not a terminal; --load draws that report again."""
    pytest.importorskip("matplotlib")
    image = tmp_path / "bench.png"
    done = _wildeval("bench", "--quick", "--json", "--plot", str(image), "--size", "1000x700")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    report = json.loads(done.stdout)
    names = [r["name"] for r in report["results"]]
    assert any("low27" in n for n in names) and any("reference" in n for n in names)
    assert _image_size(image) == (1000, 700)
    saved = tmp_path / "bench.json"
    saved.write_text(done.stdout)
    again = tmp_path / "again.png"
    done = _wildeval("bench", "--load", str(saved), "--plot", str(again))
    assert done.returncode == 0 and "x reference" in done.stdout
    assert _image_size(again) == (1600, 900)


@pytest.mark.parametrize(("argv", "message"), [
    (("--plot", "b.jpg"), "--plot b.jpg: the name must end in .png, .svg or .pdf"),
    (("--plot", "-"), "--plot writes a file"),
    (("--plot", "/no/such/folder/b.png"), "there is no folder"),
    (("--plot", "b.png", "--size", "9x9"), "200 to 10000 pixels"),
    (("--load", "/no/such/report.json"), "--load /no/such/report.json: there is no such file"),
    (("--load", str(Path(__file__).resolve().parents[2] / "README.md")), "not JSON"),
    (("--load", str(Path(__file__).resolve().parents[2] / "pyproject.toml"), "--quick"), "takes no --quick"),
    (("--load", str(Path(__file__).resolve().parent)), "--load"),
])
def test_bench_refuses_bad_arguments_before_measuring(argv: tuple[str, ...], message: str) -> None:
    done = _wildeval("bench", *argv)
    assert done.returncode == 2 and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and done.stdout == ""


def test_bench_load_refuses_other_json(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"results": [1, 2]}')
    done = _wildeval("bench", "--load", str(other))
    assert done.returncode == 2 and "not a report written by wildeval bench --json" in done.stderr


def test_bench_plot_without_matplotlib_names_the_extra(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['matplotlib'] = None; from wildeval.cli import main; "
            "sys.exit(main(['bench', '--quick', '--plot', sys.argv[1]]))")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "b.png")], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "wildeval bench: --plot needs matplotlib: pip install matplotlib (the plot extra)"


# -- the table rules of the guts games, and play's running account ------------------------------


def test_simulate_takes_the_table_rules_and_records_them(tmp_path: Path) -> None:
    from wildeval.games.guts import replay

    out = tmp_path / "games.jsonl"
    done = _wildeval("simulate", "three-five-seven", "--players", "5", "--games", "6", "--seed", "3",
                     "--declare", "simultaneous", "--three-card", "poker", "--ante", "2",
                     "--table-stakes", "60", "--max-payment", "4", "--out", str(out), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["played"] == 6 and summary["unit"] == "games" and summary["out"] == str(out)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 6
    for record in records:
        rules = record["rules"]
        assert (rules["declaration"], rules["three_card_ranking"], rules["ante"], rules["payment_policy"],
                rules["stack"], rules["max_payment"]) == ("simultaneous", "three_card_poker", 2, "table_stakes", 60, 4)
        assert replay(record).result() == record["result"]
        payments = [p["amount"] for e in record["events"] if e["type"] == "settle" for p in e.get("payments", [])]
        assert all(0 < a <= 4 for a in payments)
        antes = [e for e in record["events"] if e["type"] == "ante"]
        assert antes and all(set(e["antes"].values()) <= {0, 2} for e in antes)
        assert all(60 + b >= 0 for b in record["result"]["balances"].values())
    legs = _wildeval("simulate", "napalm", "--players", "3", "--games", "4", "--seed", "3", "--legs", "2")
    for line in legs.stdout.splitlines():
        record = json.loads(line)
        winner = record["result"]["winner"]
        assert record["rules"]["win_count"] == 2 and max(record["result"]["legs"].values()) <= 2
        assert winner is None or record["result"]["legs"][winner] == 2
        assert replay(record).result() == record["result"]
    plain = _wildeval("simulate", "three-five-seven", "--players", "5", "--games", "6", "--seed", "3")
    assert json.loads(plain.stdout.splitlines()[0])["rules"]["declaration"] == "in_turn"


@pytest.mark.parametrize(("argv", "message"), [
    (("simulate", "deuce-to-seven-triple-draw", "--ante", "2"), "--ante: table rules are for the guts games"),
    (("play", "deuce-to-seven-triple-draw", "--declare", "simultaneous"), "table rules are for the guts games"),
    (("simulate", "napalm", "--three-card", "poker"), "napalm has no three-card high stage"),
    (("simulate", "napalm", "--declare", "sideways"), "invalid choice: 'sideways'"),
    (("simulate", "napalm", "--ante", "0"), "argument --ante: must be from 1"),
    (("simulate", "napalm", "--table-stakes", "-5"), "argument --table-stakes: must be from 1"),
    (("simulate", "napalm", "--max-payment", "x"), "'x' is not a whole number"),
    (("simulate", "napalm", "--json"), "--json prints the summary to standard output"),
    (("play", "three-five-seven", "--three-card", "cards"), "invalid choice: 'cards'"),
    (("simulate", "three-five-seven-onlinepoker", "--legs", "2"), "--legs: three-five-seven-onlinepoker is won "
                                                                  "by stage wins in a row, not legs"),
    (("simulate", "napalm", "--legs", "0"), "argument --legs: must be from 1"),
])
def test_table_rules_refused_in_one_line(argv: tuple[str, ...], message: str) -> None:
    done = _wildeval(*argv)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def _transcript(game: str, *flags: str, answers: str = "i\n" * 60, seed: int = 11) -> str:
    done = subprocess.run([sys.executable, "-m", "wildeval", "play", game, "--players", "3", "--seed", str(seed),
                           *flags], input=answers, capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    return done.stdout


def _amounts(line: str) -> dict[str, int]:
    body = line.split(":", 1)[1].strip().rstrip(".")
    return {name.rsplit(" ", 1)[0]: int(name.rsplit(" ", 1)[1]) for name in body.split(", ")}


def test_play_shows_the_rules_the_risk_each_payment_and_the_session() -> None:
    for seed in range(11, 40):  # a session in which somebody pays somebody
        text = _transcript("three-five-seven", "--table-stakes", "50", "--max-payment", "3", "--ante", "2", seed=seed)
        if ": balances " in text:
            break
    lines = text.splitlines()
    assert "Ante 2; declare in turn from the dealer's left; each loser pays every best hand the pot; " \
           "table stakes, 50 chips each, no payment over 3." in lines
    risks = [line for line in lines if line.startswith("Staying in risks")]
    assert risks and all("to each hand that beats yours" in r for r in risks)
    assert all(int(r.split()[3]) <= 3 for r in risks)
    payments = [i for i, line in enumerate(lines) if ": balances " in line]
    assert payments, text
    for i in payments:  # each payment: the two players' balances after it, then everyone's
        line = lines[i]
        after = dict(part.rsplit(" ", 1) for part in line.split(": balances ", 1)[1].rstrip(".").split(", "))
        following = next(lines[j] for j in range(i, len(lines)) if lines[j].startswith("Balances:"))
        last_payment = max(j for j in payments if j < lines.index(following, i))
        if last_payment == i:
            totals = _amounts(following)
            assert all(totals[p] == int(v) for p, v in after.items()), (line, following)
    assert any(line.startswith("Session total after 1 game: ") for line in lines)


def test_play_onlinepoker_risk_says_only_the_lowest_pays() -> None:
    text = _transcript("three-five-seven-onlinepoker", "--declare", "simultaneous")
    assert "declare all at once; the lowest hand pays the highest the pot; a running tab." in text
    risks = [line for line in text.splitlines() if line.startswith("Staying in risks")]
    assert risks and all("only the lowest hand of those in pays" in r for r in risks)


def test_play_writes_ten_the_same_way_in_cards_and_descriptions() -> None:
    import re

    for flags, ten, other in ((("--ascii",), "T", "10"), ((), "T", "10")):  # T with or without symbols
        seen_ten = False
        for seed in range(1, 6):
            done = subprocess.run([sys.executable, "-m", "wildeval", "play", "three-five-seven", "--players", "3",
                                   "--seed", str(seed), *flags], input="i\n" * 60, capture_output=True,
                                  text=True, encoding="utf-8", env=os.environ | {"PYTHONIOENCODING": "utf-8"})
            for line in done.stdout.splitlines():
                if " - " not in line or ":" not in line:
                    continue
                shown = line.split(":", 1)[1]
                tokens = re.findall(r"(?<![A-Za-z0-9])(?:10|T)(?![a-z0-9])", shown)
                assert other not in tokens, (flags, line)
                seen_ten = seen_ten or ten in tokens
        assert seen_ten, flags


def test_play_session_total_runs_across_games() -> None:
    from wildeval.games.guts import play

    class Answers(io.StringIO):
        """In to every declaration, yes to one more game, then no."""

        def __init__(self, screen: io.StringIO) -> None:
            super().__init__()
            self.screen, self.games = screen, 0

        def readline(self, size: int = -1) -> str:
            if self.screen.getvalue().rstrip().endswith("Another game? [y/N]:"):
                self.games += 1
                return "y\n" if self.games < 3 else "n\n"
            return "i\n"

    screen = io.StringIO()
    assert play("napalm", players=3, seed=5, stdin=Answers(screen), stdout=screen, unicode=False,
                rules={"declaration": "simultaneous"}) == 0
    totals = [line for line in screen.getvalue().splitlines() if line.startswith("Session total after")]
    assert [t.split(":")[0] for t in totals] == [f"Session total after {n} game{'s' if n > 1 else ''}"
                                                  for n in (1, 2, 3)]
    assert sum(_amounts(totals[-1]).values()) == 0
