"""Costly requests against the real server, each bounded per client or per game: imports (size,
length, rate, and no table kept in memory for good), past versions and exports (a budget per
client), and take-backs (a cap per seat and game)."""

from __future__ import annotations

import httpx
import pytest

from tabulae.core import Match, Rng, load
from tabulae.server.live import LiveTable
from tabulae.server.storage import ActionRow

from .harness import TOY, create, join, running
from .tables import error, play_to_the_end
from .take_backs import act, offline, seated, state, table_row, take_back

OPTIONS = (
    *("--tables-per-minute", "1000", "--imports-per-minute", "3"),
    *("--import-bytes", "3000", "--import-actions", "40", "--replay-cache", "2"),
    *("--reads-per-minute", "1", "--read-burst", "3", "--take-backs-per-game", "2"),
)


@pytest.fixture(scope="module")
def bounded(tmp_path_factory):
    """A server with tight limits on costly requests, to meet them quickly."""
    with running(str(tmp_path_factory.mktemp("bounded") / "tabulae.sqlite"), options=OPTIONS) as s:
        yield s


def client_at(server, address: str) -> httpx.Client:
    """A client from an address of its own, with budgets of its own."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=f"{server.url}/api", transport=transport, timeout=30)


def record(rounds: int, seed: int = 5) -> dict:
    """A finished match of the test game, played offline."""
    game = load(TOY)
    played, rng = game.new(2, seed, rounds=rounds), Rng(seed)
    actions = []
    while played.result() is None:
        seat = played.to_move[0]
        action = rng.choice(played.legal_actions(seat))
        played.apply(seat, action)
        actions.append((seat, action))
    return Match(TOY, 2, seed, {"rounds": rounds}, ["Ann", "Bo"], actions).to_json()


def in_memory(client: httpx.Client) -> int:
    return client.get("/health").json()["tables_in_memory"]


def test_imports_are_bounded_in_size_length_and_rate(bounded):
    with client_at(bounded, "127.0.0.21") as client:
        huge = record(2) | {"seats": ["Ann" * 1200, "Bo"]}
        assert len(httpx.Request("POST", "/", json=huge).content) > 3000
        error(client.post("/matches", json=huge), 413, "too_large")
        long = record(30)
        assert len(long["actions"]) > 40 and len(str(long)) < 3000
        body = error(client.post("/matches", json=long), 422, "match_too_long")
        assert "at most 40" in body["message"]
        for seed in (1, 2):  # with the record too long, three this minute
            assert client.post("/matches", json=record(2, seed)).status_code == 201
        refused = error(client.post("/matches", json=record(2)), 429, "too_many_imports")
        assert refused["retry_after"] > 0
    with client_at(bounded, "127.0.0.22") as other:
        assert other.post("/matches", json=record(2)).status_code == 201, "another client may"


def test_imported_matches_are_not_kept_in_memory(bounded):
    """However many matches are imported, the server holds at most `replay_cache` of them;
    each still replays, reloaded from the database."""
    with client_at(bounded, "127.0.0.23") as watcher:
        before = in_memory(watcher)
    imported = []
    for address in ("127.0.0.24", "127.0.0.25", "127.0.0.26"):
        with client_at(bounded, address) as client:
            for seed in range(3):
                reply = client.post("/matches", json=record(2, seed))
                assert reply.status_code == 201, reply.text
                imported.append(reply.json()["id"])
    with client_at(bounded, "127.0.0.27") as watcher:
        assert in_memory(watcher) <= before + 2
        first = watcher.get(f"/tables/{imported[0]}/state").json()
        assert first["status"] == "replay" and first["result"] is not None
        assert in_memory(watcher) <= before + 2


def test_past_versions_and_exports_spend_a_budget_per_client(bounded):
    with client_at(bounded, "127.0.0.31") as client:
        table = create(client, TOY, 2, {}, seed=3)["id"]
        tokens = [join(client, table, 0), join(client, table, 1)]
        play_to_the_end(client, table, tokens)
        client.get(f"/tables/{table}")  # brought back into memory, so reads cost one each
    with client_at(bounded, "127.0.0.32") as reader:
        for at in (0, 1, 2):
            assert reader.get(f"/tables/{table}/state", params={"at": at}).status_code == 200
        refused = reader.get(f"/tables/{table}/state", params={"at": 3})
        assert error(refused, 429, "too_many_reads")["retry_after"] > 0
        error(reader.get(f"/tables/{table}/match"), 429, "too_many_reads")
        assert reader.get(f"/tables/{table}/state").status_code == 200, "the newest is cheap"
    with client_at(bounded, "127.0.0.33") as exporter:
        for _ in range(3):
            assert exporter.get(f"/tables/{table}/match").status_code == 200
        error(exporter.get(f"/tables/{table}/match"), 429, "too_many_reads")
    with client_at(bounded, "127.0.0.34") as other:
        assert other.get(f"/tables/{table}/state", params={"at": 3}).status_code == 200


def test_take_backs_are_capped_per_seat_and_game(bounded):
    with client_at(bounded, "127.0.0.41") as client:
        table, tokens, first = seated(client)
        mine = tokens[first]
        version = 0
        for _ in range(2):
            act(client, table, mine, "take 1", version)
            assert take_back(client, table, mine, 1, version + 1).status_code == 200
            version += 2
        after = act(client, table, mine, "take 1", version)["state"]
        assert after["take_back"] == 0, "the snapshot offers no more take-backs"
        refused = take_back(client, table, mine, 1, version + 1, **{"Accept-Language": "nl"})
        body = error(refused, 409, "take_backs_used_up")
        assert body["most"] == 2 and body["version"] == version + 1
        assert "2 keer" in body["message"]
        assert state(client, table)["version"] == version + 1, "nothing was logged"


class Counted(LiveTable):
    """A table that counts its replays from the start."""

    replays = 0

    def _replayed(self, played):
        Counted.replays += 1
        return super()._replayed(played)


def test_a_take_back_costs_no_replay_in_play_nor_when_the_log_is_rebuilt():
    """However long the log of act-and-take-back, a take-back restores the state kept from
    before the actions it takes back, as a replay would have made it."""
    first = LiveTable(table_row({}), []).state.to_move[0]
    rows = []
    for cycle in range(100):
        rows.append(
            ActionRow(seq=2 * cycle + 1, seat=first, action=["take", 1], client_action_id=None)
        )
        rows.append(
            ActionRow(seq=2 * cycle + 2, seat=first, action=[], client_action_id=None, takes_back=1)
        )
    rows.append(ActionRow(seq=201, seat=first, action=["take", 3], client_action_id=None))
    rows.append(ActionRow(seq=202, seat=first, action=["take", 6], client_action_id=None))
    rows.append(ActionRow(seq=203, seat=first, action=[], client_action_id=None, takes_back=2))
    Counted.replays = 0
    live = Counted(table_row({}), rows)
    assert Counted.replays == 0
    assert live.state.view(first) == offline().view(first)
    live.record(ActionRow(seq=204, seat=first, action=["take", 3], client_action_id=None))
    live.record(ActionRow(seq=205, seat=first, action=[], client_action_id=None, takes_back=1))
    assert Counted.replays == 0 and live.state.view(None) == offline().view(None)
    assert live.taken_back[first] == 102
