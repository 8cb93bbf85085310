"""What a new user types, answered in the command line's own words: ranges with no hand or a
typo, the first hold'em question (a hand against a random hand), seeds that can be taken back,
and the slips an outside read found (names of Python arguments, plurals, limits)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from wildeval.odds import equity
from wildeval.ranges import Range


def _wildeval(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wildeval", *argv], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("text", ["AA:0", "0(AA)", "AA,AA:0", "0%(KK, QQ)"])
def test_a_range_with_no_hand_is_refused_in_words(text: str) -> None:
    for extra in ((), ("--trials", "1000")):
        done = _wildeval("odds", text, "KK", *extra)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert done.stderr.strip() == f"wildeval odds: player 1: the range {text!r} holds no hand (every weight is 0)"
    with pytest.raises(ValueError, match=re.escape(f"player 2: the range {text!r} holds no hand")):
        equity(["KK", text])
    with pytest.raises(ValueError, match="player 1: the range holds no hand"):
        equity([Range(text), "KK"])


@pytest.mark.parametrize("text", ["AKs;QQ", "QQ++", "AKz", "AKs-QQ", "50%(AA", "QQ+,AKx"])
def test_a_range_typo_gets_the_ranges_reason(text: str) -> None:
    try:
        Range(text)
    except ValueError as error:
        reason = str(error)
    else:
        raise AssertionError(f"{text!r} parsed")
    done = _wildeval("odds", text, "KK")
    assert done.returncode == 2
    assert done.stderr.strip() == f"wildeval odds: player 1: {reason}"


@pytest.mark.parametrize("text, where", [("As Kx", "4th"), ("AsKx", "3rd"), ("10h 9", "5th")])
def test_a_card_typo_gets_the_card_readers_reason(text: str, where: str) -> None:
    done = _wildeval("odds", text, "KK")
    assert done.returncode == 2
    assert done.stderr.startswith(f"wildeval odds: player 1: bad card at the {where} character of {text!r}")


def test_a_hand_against_random_is_counted_and_a_long_count_sampled_to_a_stated_error() -> None:
    counted = _wildeval("odds", "AA", "random", "--quiet")
    assert counted.returncode == 0, counted.stderr
    lines = counted.stdout.splitlines()  # AA against a random hand, counted exactly by other tools: 0.852037
    assert lines[0].endswith("every one of 12,585,434,400 deals") and "equity  85.20%" in lines[1]
    # three random players would take hours: sampled, and the header says why and how well
    first = _wildeval("odds", "AA", "random", "random", "random", "--quiet", "--json")
    assert first.returncode == 0, first.stderr
    rows = json.loads(first.stdout)
    seed = rows[0]["seed"]
    assert isinstance(seed, int) and all(r["seed"] == seed for r in rows)
    assert all(0 < r["stderr"] <= 0.0005 for r in rows)
    again = _wildeval("odds", "AA", "random", "random", "random", "--quiet", "--json", "--seed", str(seed))
    assert json.loads(again.stdout) == rows
    text = _wildeval("odds", "AA", "random", "random", "random", "--quiet", "--seed", str(seed)).stdout
    assert re.search(rf"sampled deals, seed {seed} \(counting all [\d,]+ deals would take about [\d,]+ s here: "
                     r"sampled until every standard error is at most 0.05%; --exact counts\)$", text.splitlines()[0])


def test_every_sample_prints_its_seed() -> None:
    done = _wildeval("odds", "As Ad", "Kc Kd", "--trials", "2000", "--quiet")
    seed = int(re.search(r"2,000 sampled deals, seed (\d+)", done.stdout)[1])  # type: ignore[index]
    again = _wildeval("odds", "As Ad", "Kc Kd", "--trials", "2000", "--quiet", "--seed", str(seed))
    assert again.stdout == done.stdout
    field = _wildeval("odds", "As Ad 3c", "--opponents", "3", "--game", "three-five-seven", "--stage", "1",
                      "--trials", "5000", "--quiet", "--json")
    assert isinstance(json.loads(field.stdout)["seed"], int)
    counted = _wildeval("odds", "As Ad", "Kc Kd", "--seed", "3", "--quiet")
    assert counted.returncode == 0 and "(--seed unused: nothing was sampled)" in counted.stdout
    one = _wildeval("odds", "As Ad", "Kc Kd", "--trials", "1", "--seed", "1", "--quiet")
    assert "1 sampled deal, seed 1" in one.stdout


@pytest.mark.parametrize("argv, message", [
    (("odds", "As Ad", "Kc Kd", "--board", "2c 3d 4h 5s 6c 7d"), "the board has 6 cards, more than --board-size 5"),
    (("odds", "Qs Qd", "--opponents", "25"), "--opponents 25: at most 9 (the odds of 10 players); more only against "
                                              "a guts field, with --game and --stage"),
    (("solve", "napalm", "--players", "2", "--legs", "-1,0"), "--legs: each count is 0 to 4 (at 5 the game is "
                                                               "won), not -1,0"),
])
def test_messages_in_the_command_lines_words(argv: tuple[str, ...], message: str) -> None:
    done = _wildeval(*argv)
    assert done.returncode == 2
    assert done.stderr.strip() == f"wildeval {argv[0]}: {message}"


def test_equity_names_a_bad_board_size_first() -> None:
    with pytest.raises(ValueError, match=r"^board_size must be an int 0 to 7, not -1$"):
        equity(["AA", "KK"], board_size=-1)


def test_census_help_offers_only_the_sizes_it_counts() -> None:
    text = " ".join(_wildeval("census", "--help").stdout.split())
    assert "4-6 for omaha" not in text
    assert "(omaha and omaha_low8: no census, a hand is hole cards and a board)" in text
    assert _wildeval("census", "5", "--ranking", "high").returncode == 0


def test_solve_never_prints_a_rounded_hundred() -> None:
    from wildeval.cli.solve import stays_in_words

    assert stays_in_words(False, 0.0, 1.0) == "always in"
    assert stays_in_words(False, 0.0001, 1.0) == "always in"
    assert stays_in_words(False, 0.0001, 0.99996) == "stays in >99.9 %"
    assert stays_in_words(False, 0.9999, 0.00001) == "stays in  <0.1 %"
    assert stays_in_words(True, 1.0, 0.0) == "never in"
    assert stays_in_words(False, 0.5, 0.5) == "stays in  50.0 %"


def test_the_grid_on_a_complete_board_is_counted_and_a_long_board_refused(tmp_path: object) -> None:
    from wildeval.grid import versus_grid

    grid = versus_grid("QQ+", "2c 3d 4h 5s 6c")
    assert grid.exact and grid.trials == 0
    # AA against QQ+ on a board whose straight every hand plays: every deal splits ...
    assert grid.cell("AA").equity == 0.5 and grid.cell("AA").stderr == 0.0
    # ... but 7x makes a higher straight: 74o wins every deal it is dealt in
    assert grid.cell("74o").equity == 1.0
    done = _wildeval("chart", "--versus", "QQ+", "--board", "2c 3d 4h 5s 6c", "--quiet")
    assert done.returncode == 0
    assert done.stdout.splitlines()[0] == "equity against QQ+ on 2c 3d 4h 5s 6c; every deal counted"
    long = _wildeval("chart", "--versus", "QQ+", "--board", "2c 3d 4h 5s 6c 7d")
    assert long.returncode == 2
    assert long.stderr.strip() == "wildeval chart: the board has 6 cards; a hold'em board has at most 5"
    one = _wildeval("chart", "--versus", "QQ+", "--deals", "1", "--quiet")
    assert one.stdout.splitlines()[0] == "equity against QQ+ preflop; 1 deal a class, seed 0"


def test_a_run_has_an_end_and_says_why_it_stopped_early(tmp_path: object) -> None:
    import os

    done = _wildeval("simulate", "napalm", "--games", "99999999999999999999")
    assert done.returncode == 2
    assert "argument --games: must be from 0 to 100,000,000, not 99999999999999999999" in done.stderr
    out = os.path.join(str(tmp_path), "td.phhs")
    done = _wildeval("simulate", "deuce-to-seven-triple-draw", "--hands", "1000000", "--out", out, "--quiet", "--json")
    summary = json.loads(done.stdout)
    assert summary["played"] < 1_000_000
    [why] = summary["stopped"]
    holder = re.fullmatch(rf"the table stopped after {summary['played']:,} of 1,000,000 hands: (Bot \d) holds every "
                          "chip", why)
    assert holder is not None
    # the one who holds every chip is the one the last hand's finishing stacks leave with chips
    last = open(out).read().rstrip().split("\n\n")[-1]
    stacks = [int(x) for x in re.search(r"finishing_stacks = \[([^\]]*)\]", last)[1].split(",")]  # type: ignore[index]
    players = re.findall(r"'(Bot \d+)'", re.search(r"players = \[([^\]]*)\]", last)[1])  # type: ignore[index]
    assert [name for name, chips in zip(players, stacks) if chips > 0] == [holder[1]]
    text = _wildeval("simulate", "deuce-to-seven-triple-draw", "--hands", "1000000", "--out", out, "--quiet")
    assert why in text.stdout
