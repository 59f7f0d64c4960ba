"""Phase I, First Consul: the election, the Consul's token and the famine increase.

One lap of bids from the current First Consul, who must open (S-08). A bid
counts the bidder's face-up Senators plus deniers, so `bid 4` with one Senator
offers 3 deniers. Only the winner pays, and only the deniers (S-08). He takes a
token of his choice in public (S-09) and moves Famine by the famine symbols of
the events in play (S-10).
"""

from __future__ import annotations

from tabulae.core import Action, IllegalAction

from .actions import BID, CAP, PASS, act
from .refusals import listed, refused
from .table import Table


def begin(s: Table) -> None:
    s.step = "elect"
    s.queue = s.order_from(s.fc)
    s.high, s.leader, s.leader_pay = -1, -1, 0
    s.tell("phase", round=s.round, phase="first_consul")
    _prompt(s)


def _bids(s: Table, seat: int) -> range:
    """The bids a seat can make: its Senators plus 0..all its deniers, above the highest."""
    senators = s.senators(seat)
    low = max(senators, s.high + 1)
    return range(low, min(senators + s.money[seat], CAP) + 1)


def _prompt(s: Table) -> None:
    """Skip the seats with nothing to decide: a forced opening bid or a forced pass."""
    while s.queue:
        seat = s.queue[0]
        bids = _bids(s, seat)
        if s.leader == -1 and len(bids) == 1:
            _bid(s, seat, bids[0])
        elif s.leader != -1 and not bids:
            _pass(s, seat)
        else:
            s.actor = seat
            return
    _elected(s)


def legal_elect(s: Table, seat: int) -> list[Action]:
    bids = [BID[n] for n in _bids(s, seat)]
    return bids if s.leader == -1 else [PASS, *bids]


def why_elect(s: Table, seat: int, action: Action) -> IllegalAction:
    if action == PASS:
        return refused("elect.must_open", "the First Consul must open the election with a bid")
    if action.kind != "bid" or len(action) != 2 or type(action[1]) is not int:
        return refused(
            "elect.expected", "the First Consul is being elected: bid your votes or pass"
        )
    votes, senators = action[1], s.senators(seat)
    if votes <= s.high:
        return refused(
            "bid.too_low",
            f"a bid of {votes} is too low: the highest bid is {s.high}",
            votes=votes,
            high=s.high,
        )
    if votes < senators:
        return refused(
            "elect.senators",
            f"your {senators} face-up Senators all vote: bid at least {senators}",
            senators=senators,
        )
    if votes > CAP:
        return refused("bid.cap", f"bids go up to {CAP}", cap=CAP)
    return refused(
        "elect.deniers",
        f"a bid of {votes} needs {votes - senators} deniers and you have {s.money[seat]}",
        votes=votes,
        deniers=votes - senators,
        money=s.money[seat],
    )


def play_elect(s: Table, seat: int, action: Action) -> None:
    if action == PASS:
        _pass(s, seat)
    else:
        _bid(s, seat, action[1])
    _prompt(s)


def _bid(s: Table, seat: int, votes: int) -> None:
    s.high, s.leader, s.leader_pay = votes, seat, votes - s.senators(seat)
    s.queue.pop(0)
    s.tell("bid", seat=seat, votes=votes, deniers=s.leader_pay)


def _pass(s: Table, seat: int) -> None:
    s.queue.pop(0)
    s.tell("pass", seat=seat)


def _elected(s: Table) -> None:
    s.fc = s.leader
    s.spend(s.fc, s.leader_pay)
    s.tell("consul", seat=s.fc, votes=s.high, deniers=s.leader_pay)
    if s.available_tendencies():
        s.step, s.actor = "consul_token", s.fc
    else:
        _famine(s)


def legal_token(s: Table, seat: int) -> list[Action]:
    return [act("token", s.comp.tendencies[t]) for t in s.available_tendencies()]


def why_token(s: Table, seat: int, action: Action) -> IllegalAction:
    left = [a[1] for a in legal_token(s, seat)]
    if action.kind != "token":
        return refused(
            "token.expected", f"take a Res Publica token first: {listed(s, left)}", tendencies=left
        )
    return refused(
        "token.unavailable",
        f"no token of that tendency can be taken; left: {listed(s, left)}",
        tendencies=left,
    )


def play_consul_token(s: Table, seat: int, action: Action) -> None:
    s.take_token(seat, s.comp.index("tendencies", action[1]), "first_consul", secret=False)
    _famine(s)


def _famine(s: Table) -> None:
    symbols = sum(s.comp.events[e].famine_symbols for e in s.row_events if e >= 0)
    s.move_famine(symbols, "famine_symbols")
    s.step = ""
