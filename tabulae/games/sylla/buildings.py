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
from tabulae.core.flow import lap_from

from .actions import BID, PASS, act
from .refusals import listed, refused
from .table import UP, SyllaTable


def begin(table: SyllaTable) -> None:
    table.tell("phase", round=table.round, phase="buildings")
    table.tiles_offered = 0
    table.seller = table.first_consul
    _next_offer(table)


def _next_offer(table: SyllaTable) -> None:
    limit = table.player_count.tiles_offered_per_round
    if any(t >= 0 for t in table.building_row) and (limit is None or table.tiles_offered < limit):
        table.step, table.actor = "offer", table.seller
        return
    left = [
        table.components.buildings[table.components.tiles[t].kind].id
        for t in table.building_row
        if t >= 0
    ]
    if left:
        table.tell("tiles_removed", buildings=left)
    table.building_row = [-1] * len(table.building_row)
    table.step = ""


def colour(table: SyllaTable) -> str:
    return table.components.slot_colours[table.offered_slot]


def payers(table: SyllaTable, seat: int, sale: str) -> list[int]:
    """Positions of a seat's face-up untilted cards showing the sale colour."""
    hexes = table.components.card_hexes
    return [
        i
        for i, (card, tilted, held) in enumerate(table.characters[seat])
        if not tilted and held == UP and sale in hexes[card]
    ]


# -- offer ----------------------------------------------------------------------------------


def legal_offer(table: SyllaTable, seat: int) -> list[Action]:
    """One action per kind of tile and sale colour: two alike tiles on slots of one colour
    are one choice."""
    return list(dict.fromkeys(act("offer", *_slot_names(table, i)) for i in _filled(table)))


def _filled(table: SyllaTable) -> list[int]:
    return [i for i, t in enumerate(table.building_row) if t >= 0]


def _slot_names(table: SyllaTable, slot: int) -> tuple[str, str]:
    """A building row slot as a player names it: its tile's kind and the slot's colour."""
    return table.components.buildings[
        table.components.tiles[table.building_row[slot]].kind
    ].id, table.components.slot_colours[slot]


def why_offer(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    row = list(dict.fromkeys(_slot_names(table, i)[0] for i in _filled(table)))
    if action.kind != "offer":
        return refused(
            "offer.expected",
            f"offer a building for sale first: {listed(table, row)}",
            buildings=row,
        )
    return refused(
        "offer.not_in_row",
        f"no such building is for sale on a slot of that colour; for sale: {listed(table, row)}",
        buildings=row,
    )


def play_offer(table: SyllaTable, seat: int, action: Action) -> None:
    table.offered_slot = next(
        i for i in _filled(table) if _slot_names(table, i) == tuple(action.args)
    )
    table.tiles_offered += 1
    tile = table.components.tiles[table.building_row[table.offered_slot]]
    table.tell(
        "offer",
        seat=seat,
        building=table.components.buildings[tile.kind].id,
        slot=table.offered_slot + 1,
        colour=colour(table),
    )
    table.queue = lap_from(table, (seat + 1) % table.players)  # the seller bids last
    table.high_bid, table.high_bidder = 0, -1
    table.step = "auction"
    _prompt_bid(table)


# -- auction --------------------------------------------------------------------------------


def _prompt_bid(table: SyllaTable) -> None:
    sale = colour(table)
    while table.queue:
        seat = table.queue[0]
        if len(payers(table, seat, sale)) > table.high_bid:
            table.actor = seat
            return
        table.queue.pop(0)
        table.tell("pass", seat=seat)
    _sold(table)


def legal_auction(table: SyllaTable, seat: int) -> list[Action]:
    most = len(payers(table, seat, colour(table)))
    return [PASS, *BID[table.high_bid + 1 : most + 1]]


def why_auction(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    sale = colour(table)
    if action.kind != "bid" or len(action) != 2 or type(action[1]) is not int:
        return refused(
            "auction.expected",
            f"a building is auctioned: bid cards showing {sale} or pass",
            colour=sale,
        )
    bid = action[1]
    most = len(payers(table, seat, sale))
    if bid <= table.high_bid:
        return refused(
            "bid.too_low",
            f"a bid of {bid} is too low: the highest bid is {table.high_bid}",
            votes=bid,
            high=table.high_bid,
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


def play_auction(table: SyllaTable, seat: int, action: Action) -> None:
    table.queue.pop(0)
    if action == PASS:
        table.tell("pass", seat=seat)
    else:
        table.high_bid, table.high_bidder = action.number(1), seat
        table.tell("bid", seat=seat, votes=action[1])
    _prompt_bid(table)


def _sold(table: SyllaTable) -> None:
    if table.high_bidder == -1:
        tile = table.building_row[table.offered_slot]
        table.building_row[table.offered_slot] = -1
        table.tell(
            "discarded", building=table.components.buildings[table.components.tiles[tile].kind].id
        )
        if table.options["seller_after_all_pass"] == "next_clockwise":
            table.seller = (table.seller + 1) % table.players
        _next_offer(table)
        return
    table.cards_owed = table.high_bid
    table.step, table.actor = "pay", table.high_bidder
    _prompt_pay(table)


# -- payment --------------------------------------------------------------------------------


def _choices(table: SyllaTable, seat: int) -> list[str]:
    names: list[str] = []
    for i in payers(table, seat, colour(table)):
        name = table.card_name(table.characters[seat][i][0])
        if name not in names:
            names.append(name)
    return names


def _prompt_pay(table: SyllaTable) -> None:
    """Tilt for the winner where there is no choice: every eligible card, or one kind."""
    seat = table.high_bidder
    while table.cards_owed:
        eligible = payers(table, seat, colour(table))
        if len(eligible) != table.cards_owed and len(_choices(table, seat)) > 1:
            return
        _tilt(table, seat, eligible[0])
    _bought(table)


def legal_pay(table: SyllaTable, seat: int) -> list[Action]:
    return [act("tilt", name) for name in _choices(table, seat)]


def why_pay(table: SyllaTable, seat: int, action: Action) -> IllegalAction:
    sale = colour(table)
    if action.kind != "tilt":
        return refused(
            "pay.expected",
            f"pay for the building first: tilt {table.cards_owed} more card(table) showing {sale}",
            cards=table.cards_owed,
            colour=sale,
        )
    return refused(
        "pay.no_card", f"you have no such face-up untilted card showing {sale}", colour=sale
    )


def play_pay(table: SyllaTable, seat: int, action: Action) -> None:
    name = action[1]
    position = next(
        i
        for i in payers(table, seat, colour(table))
        if table.card_name(table.characters[seat][i][0]) == name
    )
    _tilt(table, seat, position)
    _prompt_pay(table)


def _tilt(table: SyllaTable, seat: int, position: int) -> None:
    card, _, held = table.characters[seat][position]
    table.characters[seat][position] = (card, True, held)
    table.cards_owed -= 1
    table.tell("tilt", seat=seat, card=table.card_name(card))


# -- the purchase ---------------------------------------------------------------------------


def _bought(table: SyllaTable) -> None:
    components, seat = table.components, table.high_bidder
    tile = table.building_row[table.offered_slot]
    table.building_row[table.offered_slot] = -1
    kind = components.buildings[components.tiles[tile].kind]
    table.tell("bought", seat=seat, building=kind.id, cards=table.high_bid, colour=colour(table))
    table.seller = seat
    if table.player_count.one_purchase_per_colour:
        sale = colour(table)
        for slot, other in enumerate(table.building_row):
            if other >= 0 and components.slot_colours[slot] == sale:
                table.building_row[slot] = -1
                table.tell(
                    "tile_removed",
                    building=components.buildings[components.tiles[other].kind].id,
                    colour=sale,
                )
    effect = kind.effect
    if kind.kept:
        table.buildings[seat].append((components.tiles[tile].kind, UP))
    if "prestige" in effect:
        table.gain(seat, effect["prestige"])
        table.tell("prestige", seat=seat, points=effect["prestige"], source=kind.id)
    if "deniers" in effect:
        paid = table.earn(seat, effect["deniers"])
        table.tell("deniers", seat=seat, deniers=paid, source=kind.id)
    if "gain_crane_card" in effect and table.cranes_left:
        card = len(components.cards) + components.crane_cards - table.cranes_left
        table.cranes_left -= 1
        table.characters[seat].append((card, True, UP))  # arrives tilted (S-19)
        table.tell("crane", seat=seat)
    if not kind.kept and "gain_tokens_of_choice" in effect:
        table.tokens_due = effect["gain_tokens_of_choice"]
        _prompt_tokens(table)
        return
    _next_offer(table)


def _prompt_tokens(table: SyllaTable) -> None:
    if table.tokens_due and table.available_tendencies():
        table.step, table.actor = "insula", table.high_bidder
        return
    table.tokens_due = 0
    _next_offer(table)


def play_insula(table: SyllaTable, seat: int, action: Action) -> None:
    tendency = table.components.index("tendencies", action.word(1))
    table.take_token(seat, tendency, "insula", secret=True)
    table.tokens_due -= 1
    _prompt_tokens(table)
