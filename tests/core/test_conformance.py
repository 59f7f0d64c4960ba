"""The conformance suite passes on a correct game and catches each kind of defect."""

import dataclasses
import itertools

import pytest

from tabulae.core import Event, IllegalAction, Rng
from tabulae.core.conformance import ConformanceError, check_game, shared_mutables, snapshot
from tests.plugin_games.tesserae import Tesserae, TesseraeState
from tests.plugin_games.tesserae.setup import start


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"rounds": 5}, {"open_hands": True}])
@pytest.mark.parametrize("seed", range(15))
def test_the_test_game_conforms(players, options, seed):
    report = check_game(Tesserae(), players, seed, options, deep_every=4)
    assert report.result is not None and report.actions > 0
    assert report.invariant_checks == report.actions + 1
    assert report.deep_checks >= 1 and report.refusals > 0 and report.determinizations > 0


def test_ties_occur_and_are_shared():
    winners = [check_game(Tesserae(), 4, seed).result.winners for seed in range(40)]
    assert any(len(w) > 1 for w in winners), "no game of 40 ended in a shared win"


def planted(name: str, **methods) -> Tesserae:
    """The test game with one method replaced by a defective one."""
    state_type = type(f"{name}State", (TesseraeState,), {"__slots__": (), **methods})
    game_type = type(
        name,
        (Tesserae,),
        {
            "start": lambda self, players, rng, options: start(
                self, players, rng, options, state_type
            ),
            "position_class": state_type,
        },
    )
    return game_type()


def leaking_view(self, seat):
    view = TesseraeState.view(self, seat)
    view["hands"] = [list(h) for h in self.hands]
    return view


def clone_sharing_a_list(self):
    twin = TesseraeState.clone(self)
    twin.points = self.points
    return twin


def clone_sharing_the_rng(self):
    twin = TesseraeState.clone(self)
    twin.rng = self.rng
    return twin


def apply_mutating_before_refusing(self, seat, action):
    self.events.append(Event("tesserae.attempt", {"seat": seat}))
    TesseraeState.apply(self, seat, action)


def apply_accepting_anything(self, seat, action):
    playing = action.kind == "play" and seat in self.to_move and self.step == "play"
    if playing and action[1] not in self.hands[seat]:
        self.hands[seat].append(action[1])
    TesseraeState.apply(self, seat, action)


OUTSIDE = itertools.count()


def apply_with_outside_chance(self, seat, action):
    """Draws from a source outside the state, which differs on every call."""
    TesseraeState.apply(self, seat, action)
    if action.kind == "draw":
        self.hands[seat][-1] = 1 + next(OUTSIDE) % (4 * self.players + 4)


def determinize_redealing_own_hand(self, seat, rng):
    twin = TesseraeState.determinize(self, seat, rng)
    if seat is not None and twin.stack and twin.hands[seat]:
        twin.hands[seat][0], twin.stack[0] = twin.stack[0], twin.hands[seat][0]
    return twin


def determinize_keeping_every_event(self, seat, rng):
    twin = TesseraeState.determinize(self, seat, rng)
    twin.events = list(self.events)
    return twin


def determinize_pooling_in_hidden_order(self, seat, rng):
    """Shuffles the unseen tiles in the order they happen to lie: a copy of the same
    information with another guess gives another world for the same generator."""
    twin = self.clone()
    twin.rng = Rng(rng.next64())
    twin.events = [e for e in self.events if e.visible_to(seat)]
    others = [s for s in range(self.players) if s != seat]
    pool = list(twin.stack) + [t for s in others for t in twin.hands[s]]
    pool += [twin.secret[s] for s in others if s in twin.secret]
    rng.shuffle(pool)
    for s in others:
        twin.hands[s] = sorted(pool.pop() for _ in range(len(twin.hands[s])))
        if s in twin.secret:
            twin.secret[s] = pool.pop()
    twin.stack = pool
    return twin


def view_with_a_tuple(self, seat):
    return {**TesseraeState.view(self, seat), "points": tuple(self.points)}


def private_event_in_public(self, seat, action):
    TesseraeState.apply(self, seat, action)
    if action.kind == "draw":
        self.events.append(Event("tesserae.bad", {"tile": self.hands[seat][-1]}, ("everyone",)))


def legal_actions_listing_a_duplicate(self, seat):
    actions = TesseraeState.legal_actions(self, seat)
    return actions + actions[:1]


def result_with_wrong_ranks(self):
    result = TesseraeState.result(self)
    if result is None:
        return None
    return type(result)(result.scores, tuple(1 for _ in result.scores))


def draw_duplicating_a_tile(self, seat, action):
    TesseraeState.apply(self, seat, action)
    if action.kind == "draw" and self.hands[seat]:
        self.hands[seat].append(self.hands[seat][-1])


def reveal_scoring_twice(self):
    if self.step == "play" and self.secret and not self.to_move:  # the tiles are revealed
        self.points[min(self.secret)] += 1
    TesseraeState.advance(self)


def result_with_a_point_more(self):
    result = TesseraeState.result(self)
    if result is None:
        return None
    return type(result).ranked([result.scores[0] + 1, *result.scores[1:]], result.tiebreaks)


@pytest.mark.parametrize(
    ("defect", "message"),
    [
        (planted("DuplicateTile", apply=draw_duplicating_a_tile), "broke its invariants.*tiles"),
        (planted("ScoredTwice", advance=reveal_scoring_twice), "invariants.*points|recount"),
        (planted("PointMore", result=result_with_a_point_more), "differs from its recount"),
        (planted("LeakyView", view=leaking_view), "view.* depends on what it should hide"),
        (planted("SharedList", clone=clone_sharing_a_list), "clone.. shares mutable parts"),
        (planted("SharedRng", clone=clone_sharing_the_rng), "shares mutable parts.*rng"),
        (planted("EagerApply", apply=apply_mutating_before_refusing), "changed the state"),
        (planted("Permissive", apply=apply_accepting_anything), "was allowed the illegal action"),
        (  # the outside draw may also duplicate a tile in hand, offering its play twice
            planted("OutsideChance", apply=apply_with_outside_chance),
            "diverged|replaying|two different",
        ),
        (
            planted("Redealing", determinize=determinize_redealing_own_hand),
            "changed under determinize",
        ),
        (planted("TupleView", view=view_with_a_tuple), "not JSON-ready"),
        (
            planted("EventKeeping", determinize=determinize_keeping_every_event),
            "kept events that seat may not see",
        ),
        (
            planted("HiddenOrder", determinize=determinize_pooling_in_hidden_order),
            "depends on more than what that seat knows",
        ),
        (planted("BadAudience", apply=private_event_in_public), "malformed audience"),
        (
            planted("Duplicate", legal_actions=legal_actions_listing_a_duplicate),
            "offered an action twice",
        ),
        (planted("WrongRanks", result=result_with_wrong_ranks), "do not follow scores"),
    ],
)
def test_each_planted_defect_is_caught(defect, message):
    with pytest.raises(ConformanceError, match=message):
        for seed in range(10):
            check_game(defect, 3, seed, deep_every=2)


def test_without_deep_checks_the_invariants_the_end_and_the_replay_are_still_checked():
    report = check_game(Tesserae(), 3, 1, deep_every=None)
    assert report.deep_checks == report.refusals == report.positions == 0
    assert report.result is not None and report.invariant_checks == report.actions + 1
    for defect, message in [
        (planted("DuplicateTile", apply=draw_duplicating_a_tile), "broke its invariants.*tiles"),
        (planted("PointMore", result=result_with_a_point_more), "differs from its recount"),
    ]:
        with pytest.raises(ConformanceError, match=message):
            for seed in range(10):
                check_game(defect, 3, seed, deep_every=None)
    leaky = planted("LeakyView", view=leaking_view)  # a leak takes a deep check to find
    for seed in range(10):
        check_game(leaky, 3, seed, deep_every=None)


def test_failures_name_the_game_seed_and_step():
    leaky = planted("LeakyView", view=leaking_view)
    with pytest.raises(ConformanceError, match=r"tesserae players=2 seed=3 .* at step \d+"):
        check_game(leaky, 2, 3)


def test_snapshot_and_sharing_helpers():
    state = Tesserae().new(2, seed=1)
    twin = state.clone()
    assert snapshot(twin) == snapshot(state) and shared_mutables(state, twin) == []
    twin.hands[0].append(99)
    assert snapshot(twin) != snapshot(state)
    twin.hands = state.hands
    assert shared_mutables(state, twin) == ["state.hands", "state.hands[0]", "state.hands[1]"]


def test_snapshots_see_into_frozen_parts_that_can_still_change():
    """Frozen parts that hold only frozen things are pictured once and remembered; one that
    holds a list is pictured afresh each time, so a change inside it is still seen."""

    @dataclasses.dataclass(frozen=True)
    class Card:
        name: str
        costs: tuple[int, ...]

    @dataclasses.dataclass(frozen=True)
    class Pile:
        cards: list[Card]

    card = Card("Forum", (1, 2))
    pile = Pile([card])
    before = snapshot(pile)
    assert snapshot(pile) == before and snapshot(Card("Forum", (1, 2))) == snapshot(card)
    assert snapshot(Card("Forum", (1, 3))) != snapshot(card)
    pile.cards.append(Card("Bath", ()))
    assert snapshot(pile) != before
    twin = Pile(list(pile.cards))
    assert shared_mutables(pile, twin) == [] and shared_mutables(pile, pile) == ["state.cards"]


def test_refusals_leave_the_state_untouched():
    state = Tesserae().new(2, seed=2)
    picture = snapshot(state)
    for seat, action in [(1, "draw"), (0, "play 3"), (7, "pass")]:
        from tabulae.core import Action

        with pytest.raises(IllegalAction):
            state.apply(seat, Action.parse(action))
    assert snapshot(state) == picture
    assert state.determinize(0, Rng(1)).view(0) == state.view(0)
