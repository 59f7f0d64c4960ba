"""What a seat is shown over the API, worked out offline: the state after each version and
the events each update must carry."""

from __future__ import annotations

from tabulae.core import Match, State, visible

UPDATE_KEYS = {"type", "table", "version", "status", "seat", "to_move", "view", "legal"}
UPDATE_KEYS |= {"events", "result", "take_back"}


def states_of(match: Match) -> list[State]:
    """The state after each version of a match, replayed offline."""
    state = match.start()
    states = [state.clone()]
    for seat, action in match.actions:
        state.apply(seat, action)
        states.append(state.clone())
    return states


def shown_events(states: list[State], seat: int | None, since: int, upto: int) -> list[dict]:
    expected = []
    for version in range(since + 1, upto + 1):
        before = len(states[version - 1].events) if version else 0
        new = states[version].events[before:]
        expected += [{"version": version, **e.to_json()} for e in visible(new, seat)]
    return expected


def check_updates(states: list[State], seat: int | None, updates: list[dict]) -> None:
    """Every update a seat received is exactly what the engine lets that seat see, and its
    events arrive in order, each once."""
    since = -1
    for update in updates:
        version = update["version"]
        state = states[version]
        assert set(update) == UPDATE_KEYS
        assert update["seat"] == seat
        assert update["view"] == state.view(seat)
        assert update["to_move"] == list(state.to_move)
        if update["status"] == "playing" and seat is not None:
            assert update["legal"] == [a.to_json() for a in state.legal_actions(seat)]
        else:
            assert update["legal"] == []
        assert update["events"] == shown_events(states, seat, since, version)
        result = state.result()
        assert update["result"] == (result.to_json() if result else None)
        since = version
