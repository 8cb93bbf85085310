"""Who pays whom at a guts showdown: Article 3.4, Article 5, and the table-stakes limits.

When several players are in, the best hands win; under ``"pot_to_each_winner"`` every other
player who was in pays each winner the pot amount, under ``"lowest_pays_highest"`` only the
lowest hand pays, the best. ``max_payment`` caps every payment; at table stakes nobody pays more
than they have, nor collects more from one loser than their own chips.

>>> from wildeval.games.guts.rules import preset
>>> stage_payments(preset("three-five-seven"), ["A", "B", "C"], {"A": 5, "B": 9, "C": 9}, pot=6, chips=None)
(['B', 'C'], 6, [{'from': 'A', 'to': 'B', 'amount': 6}, {'from': 'A', 'to': 'C', 'amount': 6}])
>>> rules = preset("three-five-seven", payment_policy="table_stakes", stack=10)
>>> stage_payments(rules, ["A", "B", "C"], {"A": 5, "B": 9, "C": 9}, pot=6, chips={"A": 7, "B": 3, "C": 20})
(['B', 'C'], 6, [{'from': 'A', 'to': 'B', 'amount': 3}, {'from': 'A', 'to': 'C', 'amount': 4}])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wildeval.games.guts.rules import GutsRules

__all__ = ["share_out", "split", "stage_payments"]


def stage_payments(rules: GutsRules, ins: Sequence[str], values: Mapping[str, int], *, pot: int,
                   chips: Mapping[str, int] | None) -> tuple[list[str], int, list[dict[str, Any]]]:
    """The winners among ``ins`` (in declaration order, their hand ``values``), the payment
    amount (the pot, capped by ``max_payment``) and the payments ``{"from", "to", "amount"}`` in
    order; ``chips``: each player's chips as the settlement begins (table stakes; None on a
    running tab)."""
    best = max(values.values())
    winners = [p for p in ins if values[p] == best]
    if rules.payment == "pot_to_each_winner":
        payers = [p for p in ins if values[p] != best]
    else:
        worst = min(values.values())
        payers = [p for p in ins if values[p] == worst and worst != best]
    amount = pot if rules.max_payment is None else min(pot, rules.max_payment)
    payments = []
    for payer in payers:
        for payee, paid in zip(winners, split(amount, winners, payer, chips)):
            if paid:
                payments.append({"from": payer, "to": payee, "amount": paid})
    return winners, amount, payments


def split(amount: int, winners: Sequence[str], payer: str, chips: Mapping[str, int] | None) -> list[int]:
    """What ``payer`` pays each of ``winners`` (in declaration order).

    On a running tab (``chips`` None): ``amount`` each. At table stakes (``chips`` as the
    settlement began): no payment exceeds what the receiver could have lost in it either, so a
    winner collects at most their own chips from each loser; and a loser short of the total
    shares out all their chips (:func:`share_out`).
    """
    if chips is None:
        return [amount] * len(winners)
    return share_out([min(amount, chips[w]) for w in winners], chips[payer])


def share_out(owed: Sequence[int], have: int) -> list[int]:
    """What a loser with ``have`` chips pays winners owed ``owed`` (in declaration order):
    everything owed if ``have`` covers it; else every chip, shared evenly: the smallest claims
    that an even share covers are paid in full, the rest share what is left equally, its odd
    chips one each to the winners nearest the dealer's left.

    >>> share_out([3, 30, 30], 10), share_out([3, 30], 40)
    ([3, 4, 3], [3, 30])
    """
    if sum(owed) <= have:
        return list(owed)
    paid = list(owed)
    open_ = sorted(range(len(owed)), key=owed.__getitem__)
    left = have
    while owed[open_[0]] * len(open_) <= left:
        left -= owed[open_.pop(0)]
    share, odd = divmod(left, len(open_))
    for j, i in enumerate(sorted(open_)):
        paid[i] = share + (1 if j < odd else 0)
    return paid
