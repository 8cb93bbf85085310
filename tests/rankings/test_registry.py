"""The ranking registry (``wildeval.rankings``): the same rankings as the C++ core's list, each
codec the inverse of itself on every value the evaluators make, and the small facts (rank
characters, the wild-rank parser) in one place."""

from __future__ import annotations

import ast
import itertools
import pathlib
from typing import get_args

import numpy as np
import pytest

from wildeval import _core, cards, evaluator, rankings, reference, values
from wildeval.cli.common import wild_ranks
from wildeval.rankings import RANKINGS, Ranking
from wildeval.sampling import random_hands
from wildeval.wild import WildError, parse_wild, wild_text


def test_the_registry_is_the_cores_list() -> None:
    assert get_args(Ranking) == RANKINGS == rankings.names() == tuple(_core.RANKINGS) == evaluator.RANKINGS
    rows = tuple((r.name, r.min_cards, r.max_cards, r.takes_wild, r.lowest_card, *(r.board_cards or (0, 0)))
                 for r in map(rankings.spec, RANKINGS))
    assert rows == tuple(tuple(spec) for spec in _core.RANKING_SPECS)
    assert dict(rankings.CARD_COUNTS) == {name: (low, high) for name, low, high, *_ in rows}
    assert evaluator.CARD_COUNTS is rankings.CARD_COUNTS and values.RANKINGS is RANKINGS


def test_the_native_reader_and_the_parser_read_every_character_alike() -> None:
    # the characters are said once (src/core/cards.hpp); both readers take them in either case
    assert cards.RANKS == "23456789TJQKA" and cards.SUITS == "cdhs"
    ev = _core.Evaluator("high", 0, False)
    for r, rank in enumerate(cards.RANKS):
        for s, suit in enumerate(cards.SUITS):
            for text in (rank + suit, rank.lower() + suit.upper()):
                five = f"{text} " + " ".join(c for c in ("2c", "3d", "4h", "5s", "7c", "8d")
                                            if c.upper() != text.upper())[:11]
                assert cards.parse_cards(text) == [4 * r + s]
                assert ev(five) == ev(cards.parse_cards(five)), text
    for bad in ("1c", "Xs", "Ab", "A"):
        with pytest.raises(ValueError):
            ev(bad + " 2c 3d 4h 5s")


def test_every_reference_module_is_there() -> None:
    for name in RANKINGS:
        solver = reference.evaluator.solver_of(name)
        assert callable(solver.solve_hand) and callable(solver.cards_of)


def _wildeval_imports(package: str) -> dict[str, set[str]]:
    """The wildeval modules each module of a subpackage imports, by file name."""
    folder = pathlib.Path(reference.__file__).parent.parent / package
    found: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
        found[path.name] = {n for n in names if n.startswith("wildeval")}
    return found


def test_the_reference_shares_facts_not_evaluation() -> None:
    """The reference imports the registry, the codecs and the card and wild parsers, never the
    native evaluator; the registry and codecs import neither evaluator."""
    allowed = ("wildeval.cards", "wildeval.wild", "wildeval.values", "wildeval.rankings", "wildeval.reference")
    for name, imported in _wildeval_imports("reference").items():
        assert all(m.startswith(allowed) for m in imported), (name, imported)
    for name, imported in _wildeval_imports("rankings").items():
        assert all(m.startswith(("wildeval.cards", "wildeval.rankings")) for m in imported), (name, imported)


def _values_made(name: str) -> np.ndarray:
    """Distinct values the native evaluator gives, with and without wild ranks where it takes them."""
    row = rankings.spec(name)
    made = []
    for wild in (None, "2", "357") if row.takes_wild else (None,):
        ev = evaluator.Evaluator(name, wild)  # type: ignore[arg-type]
        for n in row.card_counts:
            if row.board_cards is not None:  # hole cards and a board of five
                hands = random_hands(20_000, n + 5, seed=n)
                made.append(ev.batch(hands[:, :n], hands[:, n:]))
                continue
            hands = (np.array(list(itertools.combinations(row.deck, n)), dtype=np.uint8) if n <= 3
                     else random_hands(20_000, n, seed=n, lowest_card=row.lowest_card))
            made.append(ev.batch(hands))
    return np.unique(np.concatenate(made))


@pytest.mark.parametrize("name", RANKINGS)
def test_each_codec_reads_back_what_it_writes(name: str) -> None:
    codec = rankings.spec(name).codec
    best_first = codec.categories_best_first()
    made = _values_made(name)
    places = []
    for value in made.tolist():
        decoded = codec.decode(value)
        assert decoded is not None, value
        assert codec.encode(*decoded) == value
        places.append(best_first.index(decoded[0]))
    # higher values are of categories no worse
    assert places == sorted(places, reverse=True)


def test_registering_refuses_what_it_cannot_hold() -> None:
    with pytest.raises(ValueError, match="'high' is registered already"):
        rankings.register(rankings.spec("high"))
    with pytest.raises(ValueError, match="built-in ranking"):
        rankings.unregister("low27")
    with pytest.raises(ValueError, match="unknown ranking 'razz'; choose one of high, low27"):
        rankings.unregister("razz")
    row = rankings.spec("high")
    with pytest.raises(ValueError, match="1 to 7 cards, not 0 to 9"):
        rankings.RankingSpec("wide", 0, 9, True, row.codec, row.reference)
    with pytest.raises(ValueError, match="a word like"):
        rankings.RankingSpec("two words", 5, 5, True, row.codec, row.reference)


WILD_TEXTS = ["3", "357", "10", "T", "t", "a k", "2,3", "1", "X", "", " , ", "3X", "33", "10A", "1O", "♠"]


@pytest.mark.parametrize("text", WILD_TEXTS)
def test_the_command_line_reads_wild_ranks_as_parse_wild_does(text: str) -> None:
    try:
        ranks = parse_wild(text)
    except WildError as error:
        with pytest.raises(Exception) as refused:
            wild_ranks(text)
        words = "names no rank" if error.character is None else f"{error.character!r} is not a rank"
        assert words in str(refused.value)
    else:
        assert wild_ranks(text) == text and ranks


def test_wild_text_is_read_back() -> None:
    for mask in range(1, 1 << 13, 37):
        ranks = frozenset(r for r in range(13) if mask >> r & 1)
        text = wild_text(ranks)
        assert text is not None and parse_wild(text) == ranks
    assert wild_text(parse_wild(None)) is None
