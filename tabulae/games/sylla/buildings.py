"""Phase III, Buildings: auctions paid by tilting characters of the sale colour.

The seller (the First Consul, then each buyer) offers a tile; its slot sets the
sale colour (S-12). From the seller's left, ending with him, each bids once or
passes, strictly higher each time (S-13). A bid counts face-up untilted cards
showing the colour, the Crane card included, one each (S-14); the winner tilts
that many, one `tilt <card>` at a time. Tiles nobody wants are discarded (S-15).
Five tiles are offered with 4 players, four with 3, and with 2 players offering
goes on while tiles remain, a purchase removing the other tile of its colour
(S-16, S-17). Insula, Crane, Triumphal arch, Statue and Bank act at once (S-18).
"""

from __future__ import annotations

from tabulae.core import Action, IllegalAction

from .actions import BID, PASS, act
from .refusals import listed, refused
from .table import UP, Table


def begin(s: Table) -> None:
    s.tell("phase", round=s.round, phase="buildings")
    s.offered = 0
    s.seller = s.fc
    _next_offer(s)


def _next_offer(s: Table) -> None:
    limit = s.count.tiles_offered_per_round
    if any(t >= 0 for t in s.row) and (limit is None or s.offered < limit):
        s.step, s.actor = "offer", s.seller
        return
    left = [s.comp.buildings[s.comp.tiles[t].kind].id for t in s.row if t >= 0]
    if left:
        s.tell("tiles_removed", buildings=left)
    s.row = [-1] * len(s.row)
    s.step = ""


def colour(s: Table) -> str:
    return s.comp.slot_colours[s.offer]


def payers(s: Table, seat: int, sale: str) -> list[int]:
    """Positions of a seat's face-up untilted cards showing the sale colour."""
    hexes = s.comp.card_hexes
    return [
        i
        for i, (card, tilted, held) in enumerate(s.chars[seat])
        if not tilted and held == UP and sale in hexes[card]
    ]


# -- offer ----------------------------------------------------------------------------------


def legal_offer(s: Table, seat: int) -> list[Action]:
    """One action per kind of tile and sale colour: two alike tiles on slots of one colour
    are one choice."""
    return list(dict.fromkeys(act("offer", *_slot_names(s, i)) for i in _filled(s)))


def _filled(s: Table) -> list[int]:
    return [i for i, t in enumerate(s.row) if t >= 0]


def _slot_names(s: Table, slot: int) -> tuple[str, str]:
    """A building row slot as a player names it: its tile's kind and the slot's colour."""
    return s.comp.buildings[s.comp.tiles[s.row[slot]].kind].id, s.comp.slot_colours[slot]


def why_offer(s: Table, seat: int, action: Action) -> IllegalAction:
    row = list(dict.fromkeys(_slot_names(s, i)[0] for i in _filled(s)))
    if action.kind != "offer":
        return refused(
            "offer.expected", f"offer a building for sale first: {listed(s, row)}", buildings=row
        )
    return refused(
        "offer.not_in_row",
        f"no such building is for sale on a slot of that colour; for sale: {listed(s, row)}",
        buildings=row,
    )


def play_offer(s: Table, seat: int, action: Action) -> None:
    s.offer = next(i for i in _filled(s) if _slot_names(s, i) == tuple(action.args))
    s.offered += 1
    tile = s.comp.tiles[s.row[s.offer]]
    s.tell(
        "offer",
        seat=seat,
        building=s.comp.buildings[tile.kind].id,
        slot=s.offer + 1,
        colour=colour(s),
    )
    s.queue = [*s.order_from(seat)[1:], seat]
    s.high, s.leader = 0, -1
    s.step = "auction"
    _prompt_bid(s)


# -- auction --------------------------------------------------------------------------------


def _prompt_bid(s: Table) -> None:
    sale = colour(s)
    while s.queue:
        seat = s.queue[0]
        if len(payers(s, seat, sale)) > s.high:
            s.actor = seat
            return
        s.queue.pop(0)
        s.tell("pass", seat=seat)
    _sold(s)


def legal_auction(s: Table, seat: int) -> list[Action]:
    most = len(payers(s, seat, colour(s)))
    return [PASS, *BID[s.high + 1 : most + 1]]


def why_auction(s: Table, seat: int, action: Action) -> IllegalAction:
    sale = colour(s)
    if action.kind != "bid" or len(action) != 2 or type(action[1]) is not int:
        return refused(
            "auction.expected",
            f"a building is auctioned: bid cards showing {sale} or pass",
            colour=sale,
        )
    bid = action[1]
    most = len(payers(s, seat, sale))
    if bid <= s.high:
        return refused(
            "bid.too_low",
            f"a bid of {bid} is too low: the highest bid is {s.high}",
            votes=bid,
            high=s.high,
        )
    if most == 0:
        return refused(
            "auction.no_card",
            f"you hold no face-up untilted card showing {sale}",
            colour=sale,
        )
    return refused(
        "auction.too_few",
        f"you hold only {most} face-up untilted cards showing {sale}, not {bid}",
        cards=most,
        colour=sale,
        votes=bid,
    )


def play_auction(s: Table, seat: int, action: Action) -> None:
    s.queue.pop(0)
    if action == PASS:
        s.tell("pass", seat=seat)
    else:
        s.high, s.leader = action[1], seat
        s.tell("bid", seat=seat, votes=action[1])
    _prompt_bid(s)


def _sold(s: Table) -> None:
    if s.leader == -1:
        tile = s.row[s.offer]
        s.row[s.offer] = -1
        s.tell("discarded", building=s.comp.buildings[s.comp.tiles[tile].kind].id)
        if s.options["seller_after_all_pass"] == "next_clockwise":
            s.seller = (s.seller + 1) % s.players
        _next_offer(s)
        return
    s.owed = s.high
    s.step, s.actor = "pay", s.leader
    _prompt_pay(s)


# -- payment --------------------------------------------------------------------------------


def _choices(s: Table, seat: int) -> list[str]:
    names: list[str] = []
    for i in payers(s, seat, colour(s)):
        name = s.card_name(s.chars[seat][i][0])
        if name not in names:
            names.append(name)
    return names


def _prompt_pay(s: Table) -> None:
    """Tilt for the winner where there is no choice: every eligible card, or one kind."""
    seat = s.leader
    while s.owed:
        eligible = payers(s, seat, colour(s))
        if len(eligible) != s.owed and len(_choices(s, seat)) > 1:
            return
        _tilt(s, seat, eligible[0])
    _bought(s)


def legal_pay(s: Table, seat: int) -> list[Action]:
    return [act("tilt", name) for name in _choices(s, seat)]


def why_pay(s: Table, seat: int, action: Action) -> IllegalAction:
    sale = colour(s)
    if action.kind != "tilt":
        return refused(
            "pay.expected",
            f"pay for the building first: tilt {s.owed} more card(s) showing {sale}",
            cards=s.owed,
            colour=sale,
        )
    return refused(
        "pay.no_card", f"you have no such face-up untilted card showing {sale}", colour=sale
    )


def play_pay(s: Table, seat: int, action: Action) -> None:
    name = action[1]
    position = next(
        i for i in payers(s, seat, colour(s)) if s.card_name(s.chars[seat][i][0]) == name
    )
    _tilt(s, seat, position)
    _prompt_pay(s)


def _tilt(s: Table, seat: int, position: int) -> None:
    card, _, held = s.chars[seat][position]
    s.chars[seat][position] = (card, True, held)
    s.owed -= 1
    s.tell("tilt", seat=seat, card=s.card_name(card))


# -- the purchase ---------------------------------------------------------------------------


def _bought(s: Table) -> None:
    comp, seat = s.comp, s.leader
    tile = s.row[s.offer]
    s.row[s.offer] = -1
    kind = comp.buildings[comp.tiles[tile].kind]
    s.tell("bought", seat=seat, building=kind.id, cards=s.high, colour=colour(s))
    s.seller = seat
    if s.count.one_purchase_per_colour:
        sale = colour(s)
        for slot, other in enumerate(s.row):
            if other >= 0 and comp.slot_colours[slot] == sale:
                s.row[slot] = -1
                s.tell(
                    "tile_removed",
                    building=comp.buildings[comp.tiles[other].kind].id,
                    colour=sale,
                )
    effect = kind.effect
    if kind.kept:
        s.builds[seat].append((comp.tiles[tile].kind, UP))
    if "prestige" in effect:
        s.gain(seat, effect["prestige"])
        s.tell("prestige", seat=seat, points=effect["prestige"], source=kind.id)
    if "deniers" in effect:
        paid = s.earn(seat, effect["deniers"])
        s.tell("deniers", seat=seat, deniers=paid, source=kind.id)
    if "gain_crane_card" in effect and s.cranes_left:
        card = len(comp.cards) + comp.crane_cards - s.cranes_left
        s.cranes_left -= 1
        s.chars[seat].append((card, True, UP))  # arrives tilted (S-19)
        s.tell("crane", seat=seat)
    if not kind.kept and "gain_tokens_of_choice" in effect:
        s.tokens_due = effect["gain_tokens_of_choice"]
        _prompt_tokens(s)
        return
    _next_offer(s)


def _prompt_tokens(s: Table) -> None:
    if s.tokens_due and s.available_tendencies():
        s.step, s.actor = "insula", s.leader
        return
    s.tokens_due = 0
    _next_offer(s)


def play_insula(s: Table, seat: int, action: Action) -> None:
    s.take_token(seat, s.comp.index("tendencies", action[1]), "insula", secret=True)
    s.tokens_due -= 1
    _prompt_tokens(s)
