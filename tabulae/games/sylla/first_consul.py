"""Phase I, First Consul: the election, the Consul's token and the famine increase.

One lap of bids from the current First Consul, who must open (S-08). A bid
counts the bidder's face-up Senators plus deniers, so `bid 4` with one Senator
offers 3 deniers. Only the winner pays, and only the deniers (S-08). He takes a
token of his choice in public (S-09) and moves Famine by the famine symbols of
the events in play (S-10).
"""

from __future__ import annotations

from tabulae.core import Action, IllegalAction
from tabulae.core.flow import lap_from

from .actions import BID, CAP, PASS, act
from .refusals import listed, refused
from .table import SyllaTable


def begin(table: SyllaTable) -> None:
    table.step = "elect"
    table.queue = lap_from(table, table.first_consul)
    table.high_bid, table.high_bidder, table.high_bid_deniers = -1, -1, 0
    table.tell("phase", round=table.round, phase="first_consul")
    _prompt(table)


def _bids(table: SyllaTable, seat: int) -> range:
    """The bids a seat can make: its Senators plus 0..all its deniers, above the highest."""
    senators = table.senators(seat)
    low = max(senators, table.high_bid + 1)
    return range(low, min(senators + table.money[seat], CAP) + 1)


def _prompt(table: SyllaTable) -> None:
    """Skip the seats with nothing to decide: a forced opening bid or a forced pass."""
    while table.queue:
        seat = table.queue[0]
        bids = _bids(table, seat)
        if table.high_bidder == -1 and len(bids) == 1:
            _bid(table, seat, bids[0])
        elif table.high_bidder != -1 and not bids:
            _pass(table, seat)
        else:
            table.actor = seat
            return
    _elected(table)


def legal_elect(table: SyllaTable, seat: int) -> list[Action]:
    bids = [BID[n] for n in _bids(table, seat)]
    return bids if table.high_bidder == -1 else [PASS, *bids]


def why_elect(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    if action == PASS:
        return refused("elect.must_open", "the First Consul must open the election with a bid")
    if action.kind != "bid" or len(action) != 2 or type(action[1]) is not int:
        return refused(
            "elect.expected", "the First Consul is being elected: bid your votes or pass"
        )
    votes, senators = action[1], table.senators(seat)
    if votes <= table.high_bid:
        return refused(
            "bid.too_low",
            f"a bid of {votes} is too low: the highest bid is {table.high_bid}",
            votes=votes,
            high=table.high_bid,
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
        f"a bid of {votes} needs {votes - senators} deniers and you have {table.money[seat]}",
        votes=votes,
        deniers=votes - senators,
        money=table.money[seat],
    )


def play_elect(table: SyllaTable, seat: int, action: Action) -> None:
    if action == PASS:
        _pass(table, seat)
    else:
        _bid(table, seat, action.number(1))
    _prompt(table)


def _bid(table: SyllaTable, seat: int, votes: int) -> None:
    table.high_bid, table.high_bidder, table.high_bid_deniers = (
        votes,
        seat,
        votes - table.senators(seat),
    )
    table.queue.pop(0)
    table.tell("bid", seat=seat, votes=votes, deniers=table.high_bid_deniers)


def _pass(table: SyllaTable, seat: int) -> None:
    table.queue.pop(0)
    table.tell("pass", seat=seat)


def _elected(table: SyllaTable) -> None:
    table.first_consul = table.high_bidder
    table.spend(table.first_consul, table.high_bid_deniers)
    table.tell(
        "consul", seat=table.first_consul, votes=table.high_bid, deniers=table.high_bid_deniers
    )
    if table.available_tendencies():
        table.step, table.actor = "consul_token", table.first_consul
    else:
        _famine(table)


def legal_token(table: SyllaTable, seat: int) -> list[Action]:
    return [act("token", table.components.tendencies[t]) for t in table.available_tendencies()]


def why_token(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    left = [a[1] for a in legal_token(table, seat)]
    if action.kind != "token":
        return refused(
            "token.expected",
            f"take a Res Publica token first: {listed(table, left)}",
            tendencies=left,
        )
    return refused(
        "token.unavailable",
        f"no token of that tendency can be taken; left: {listed(table, left)}",
        tendencies=left,
    )


def play_consul_token(table: SyllaTable, seat: int, action: Action) -> None:
    table.take_token(
        seat, table.components.index("tendencies", action.word(1)), "first_consul", secret=False
    )
    _famine(table)


def _famine(table: SyllaTable) -> None:
    symbols = sum(table.components.events[e].famine_symbols for e in table.event_row if e >= 0)
    table.move_famine(symbols, "famine_symbols")
    table.step = ""
