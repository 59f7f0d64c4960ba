"""A table in memory: its match, its current state, and what each seat may be shown.

Every payload for a seat is assembled here from `state.view(seat)`,
`state.legal_actions(seat)` and the events `visible` to that seat, and from nothing else
that could carry a secret.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple, Protocol

from tabulae.bots import Bot, make_bot
from tabulae.core import Action, Event, Match, State, load, visible
from tabulae.core.takeback import TakeBacks
from tabulae.i18n import GameText, bot_name, translator

from .errors import ApiError, unknown_seat, wrong_token
from .storage import ActionRow, ChatRow, SeatRow, TableRow, utc


class Subscriber(Protocol):
    """A live connection to a table (`connections.Connection`, which builds on this module),
    named by what the table's users ask of it, so that the table needs no import of it."""

    @property
    def seat(self) -> int | None: ...

    @property
    def token_hash(self) -> str | None: ...

    def changed(self) -> None: ...

    def table_changed(self) -> None: ...

    def said(self, rows: list[ChatRow]) -> None: ...

    def send(self, message: dict[str, Any]) -> None: ...


def hash_token(token: str) -> str:
    """Only this hash is stored: a leaked database gives no one a seat."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def derived_token(secret: str, request: str) -> str:
    """The seat token the table with `secret` gives for `request` (a client's join id, or a
    previous seat's token hash for a rematch): the same request always gets the same token,
    so a retry after a lost answer is answered again, and no one without both knows it."""
    digest = hmac.digest(secret.encode(), request.encode("utf-8", "surrogatepass"), "sha256")
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def account_token(secret: str, account_id: int, seat_key: str | None) -> str:
    """The token of the seat an account holds at the table with `secret`: derived, so the
    account finds it again on any device, and keyed by the account's seat key, so a new key
    (a password change) makes every earlier token of the account worthless. An account
    without a key keeps the tokens derived before keys existed."""
    request = f"account/{account_id}" + (f"/{seat_key}" if seat_key else "")
    return derived_token(secret, request)


TOOK_BACK = "took_back"  # the event of a take-back: {"seat": …, "count": …}


class Entry(NamedTuple):
    """One row of a table's log: a seat's action, or its take-back of `takes_back` actions."""

    seat: int
    action: Action | None
    takes_back: int = 0


KEPT_STATES = 16
"""How many of the states before the current one a table keeps, so that a connection a few
actions behind is shown each of them in turn without replaying the match."""


class LiveTable:
    """One table: the header from the database, the replayed state and the live connections.

    `log` is every row of the append-only log, take-backs included, and `version` their
    number; `played` is the actions that stand (the log with the taken-back ones left out),
    which `state` is replayed from. `narration` is every event ever told at the table, the
    taken-back actions' and the take-backs' own included, and `marks[v]` how many there were
    after version v, which numbers every event by the row that produced it. `earlier[v]` is the
    state after version v, kept with the log entry that followed it, so that a connection a
    few versions behind is shown each in turn (a log rewound and played on differently never
    finds it). `undo[-k]` is the state before the k-th latest action that stands, for the run
    of actions that may still be taken back, so that a take-back costs no replay.
    `take_back_cap` is how many take-backs one seat may make in the game (None: no limit).
    """

    def __init__(
        self, row: TableRow, log: list[ActionRow], take_back_cap: int | None = None
    ) -> None:
        self.row = row
        self.game = load(row.game)
        self.state: State = self.game.new(row.players, row.seed, **row.options)
        self.narration: list[Event] = list(self.state.events)
        self.marks = [len(self.narration)]
        self.log: list[Entry] = []
        self.played: list[tuple[int, Action]] = []
        self.take_backs = TakeBacks()
        self.lines = 0  # take-backs so far: a bot worker's remembered state is of one line
        self.take_back_cap = take_back_cap
        self.taken_back: Counter[int] = Counter()  # take-backs so far, by seat
        self.undo: list[State] = []
        self.client_ids: dict[tuple[int, str], int] = {}
        self.timeouts: list[tuple[int, int]] = []  # (version, seat) of moves a bot made in time
        self.late: set[tuple[int, int]] = set()  # (version, seat) found running late
        self.chat_checked = 0  # the last chat message read from the database
        self.chat_pushed: set[int] = set()  # the chat messages pushed to the connections
        self.lock = asyncio.Lock()
        self.connections: set[Subscriber] = set()
        self.bots: dict[int, Bot] = {}
        self.adopt_seats(row.seats)
        self.bot_task: asyncio.Task[None] | None = None
        self.earlier: dict[int, tuple[State, Entry]] = {}
        for action_row in log:
            self.record(action_row)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return len(self.log)

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def timed(self) -> bool:
        """Whether the table has a move time limit or clocks."""
        return self.row.move_seconds is not None or self.row.clock_increment is not None

    def record(self, action_row: ActionRow) -> None:
        """Apply an action or take-back committed earlier or by another process."""
        self._expect(action_row.seq)
        if action_row.takes_back:
            self._take_back(action_row.seat, action_row.takes_back)
            self._logged(action_row, None)
            return
        action = Action.from_json(action_row.action)
        following = self.state.clone()
        following.apply(action_row.seat, action)
        self._play(action_row.seat, action, following)
        self._logged(action_row, action)

    def advance(self, state: State, action_row: ActionRow, action: Action) -> None:
        """Adopt `state`, the successor in which this process played the committed action."""
        self._expect(action_row.seq)
        previous = self.state
        self._play(action_row.seat, action, state)
        self._logged(action_row, action)
        self.earlier[self.version - 1] = (previous, self.log[-1])
        self.earlier.pop(self.version - 1 - KEPT_STATES, None)

    def kept(self, version: int) -> State | None:
        """The state after `version` if the table still holds it (the current one, or one of
        the last few that this process played), else None."""
        if version == self.version:
            return self.state
        state, following = self.earlier.get(version, (None, None))
        if state is None or version >= self.version or self.log[version] is not following:
            return None
        return state

    def moved_on(self, seat: int, version: int) -> str | None:
        """Why an action `seat` decided at the earlier `version` would not mean now what it
        meant then (a reason code), or None when it still does, so it may be played though
        the table moved on: every row since is another seat's action (no take-back, none of
        the seat's own), the seat stayed to move all along (the same decision, which others
        made their part of meanwhile), and its legal actions now are exactly those it chose
        from. It needs the state at `version` kept, so at most KEPT_STATES rows are looked at."""
        if version > self.version:
            return "ahead"
        if self.version - version > KEPT_STATES:
            return "not_kept"
        since = self.log[version:]
        if any(entry.action is None for entry in since):
            return "taken_back"
        if any(entry.seat == seat for entry in since):
            return "acted_since"
        decided = self.kept(version)
        if decided is None:
            return "not_kept"
        if seat not in decided.to_move:
            return "not_to_move"
        state = decided
        for at, entry in enumerate(since, version + 1):
            following = self.kept(at)
            if following is None:  # played by another process: played again here
                assert entry.action is not None
                following = state.clone()
                following.apply(entry.seat, entry.action)
            if seat not in following.to_move:
                return "decision_over"
            state = following
        if decided.legal_actions(seat) != self.state.legal_actions(seat):
            return "choices_changed"
        return None

    def may_take_back(self, seat: int | None) -> int:
        """How many of its latest actions `seat` may take back now: never a bot's, and none at
        a table with a move time limit or clocks, where a take-back would give the time back."""
        if seat is None or seat in self.bots or self.status != "playing" or self.timed:
            return 0
        if self.used_up(seat):
            return 0
        return self.take_backs.allowed(seat)

    def used_up(self, seat: int) -> bool:
        """Whether `seat` has made as many take-backs as the game allows."""
        return self.take_back_cap is not None and self.taken_back[seat] >= self.take_back_cap

    def _play(self, seat: int, action: Action, following: State) -> None:
        self.take_backs.played(self.state, seat, action, following)
        run = self.take_backs.runs[-1][1]
        if run <= 1:
            self.undo = [self.state] if run else []
        else:
            self.undo.append(self.state)
            del self.undo[:-KEPT_STATES]
        self.narration += following.events[len(self.state.events) :]
        self.state = following
        self.played.append((seat, action))

    def _take_back(self, seat: int, count: int) -> None:
        """Leave out `seat`'s last `count` actions: the state is the rest replayed."""
        del self.played[len(self.played) - count :]
        self.take_backs.taken_back(count)
        if count <= len(self.undo):
            self.state = self.undo[-count]
            del self.undo[-count:]
        else:
            self.state = self._replayed(self.played)
            self.undo = []
        self.taken_back[seat] += 1
        self.narration.append(Event(TOOK_BACK, {"seat": seat, "count": count}))
        self.lines += 1

    def _expect(self, seq: int) -> None:
        if seq != self.version + 1:
            raise ValueError(f"table {self.id}: action {seq} cannot follow {self.version}")

    def _logged(self, action_row: ActionRow, action: Action | None) -> None:
        self.log.append(Entry(action_row.seat, action, action_row.takes_back or 0))
        self.marks.append(len(self.narration))
        if action_row.client_action_id is not None:
            self.client_ids[(action_row.seat, action_row.client_action_id)] = action_row.seq
        if action_row.timed_out:
            self.timeouts.append((action_row.seq, action_row.seat))
        self.row.turn_started_at = datetime.now(UTC)
        if self.state.result() is not None and self.row.status == "playing":
            self.row.status = "finished"

    # Seats

    def adopt_seats(self, seats: list[SeatRow]) -> None:
        """Adopt the seats as the database has them, with a bot for every bot seat."""
        self.row.seats = seats
        self.bots = {s.seat: make_bot(s.bot, self.state, **s.bot_params) for s in seats if s.bot}

    def text(self, lang: str) -> GameText:
        """The game's words at this table in `lang`, its players named."""
        return GameText(translator(lang), self.game, seat_names(self.row.seats, lang))

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds (None for no token: a spectator); refuses a wrong token."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat in self.row.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise wrong_token()

    @property
    def disclosed(self) -> bool:
        """Whether the whole match is open to everyone: once the game is over (or imported),
        its seed and actions are public, so no seat's view of any step is a secret."""
        return self.status in ("finished", "replay")

    def viewer(self, holder: int | None, asked: int | None) -> int | None:
        """Whose view a request is shown: the seat `asked` for, or else the one its token
        holds (`holder`). A game not yet disclosed shows a seat's view to that seat alone."""
        if asked is None or asked == holder:
            return holder
        if not 0 <= asked < self.row.players:
            raise unknown_seat(asked, self.row.players)
        if not self.disclosed:
            raise ApiError(
                403, "seat_hidden", f"seat {asked}'s view is its own until the game is over"
            )
        return asked

    def holds(self, seat: int | None, token_hash: str | None) -> bool:
        """Whether a connection's seat is still held by the token it came with."""
        return seat is None or self.row.seats[seat].token_hash == token_hash

    def overdue(self, now: datetime) -> list[int]:
        """The seats to move (not bots) whose time has run out: the move time limit, or what
        was left on their clock when the turn began."""
        started = self.row.turn_started_at
        if self.status != "playing" or started is None:
            return []
        spent = (now - started).total_seconds()
        limit = self.row.move_seconds
        late = []
        for seat in self.state.to_move:
            left = self.row.seats[seat].clock_left
            if seat not in self.bots and (
                (limit is not None and spent >= limit) or (left is not None and spent >= left)
            ):
                late.append(seat)
        return late

    def next_time_out(self) -> datetime | None:
        """When the first seat to move (not a bot) runs out of time, as `overdue` counts it;
        None if no seat to move can."""
        started = self.row.turn_started_at
        if self.status != "playing" or started is None:
            return None
        limits = []
        for seat in self.state.to_move:
            if seat in self.bots:
                continue
            if self.row.move_seconds is not None:
                limits.append(float(self.row.move_seconds))
            if self.row.seats[seat].clock_left is not None:
                limits.append(float(self.row.seats[seat].clock_left or 0.0))
        return started + timedelta(seconds=min(limits)) if limits else None

    def running_late(self, now: datetime, share: float) -> list[int]:
        """The seats to move (not bots) that have spent `share` of the move time limit, each
        found once a move."""
        started, limit = self.row.turn_started_at, self.row.move_seconds
        if self.status != "playing" or started is None or limit is None:
            return []
        if not share * limit <= (now - started).total_seconds() < limit:
            return []
        late = [
            seat
            for seat in self.state.to_move
            if seat not in self.bots and (self.version, seat) not in self.late
        ]
        self.late.update((self.version, seat) for seat in late)
        return late

    def time_left(self, now: datetime) -> float | None:
        """The seconds left of the move time limit."""
        started, limit = self.row.turn_started_at, self.row.move_seconds
        if started is None or limit is None:
            return None
        return max(0.0, limit - (now - started).total_seconds())

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.row.seats if s.bot is None and s.token_hash is None]

    def match(self) -> Match:
        return Match(
            game=self.row.game,
            players=self.row.players,
            seed=self.row.seed,
            options=dict(self.row.options),
            seats=seat_names(self.row.seats, "en"),
            actions=list(self.played),
        )

    # What may be shown

    def summary(self) -> dict[str, Any]:
        """The public facts of a table: no seed, no tokens, no actions."""
        deadline = None
        if self.row.move_seconds and self.status == "playing" and self.row.turn_started_at:
            deadline = self.row.turn_started_at + timedelta(seconds=self.row.move_seconds)
        return summary(self.row) | {
            "version": self.version,
            "to_move": list(self.state.to_move),
            "deadline": deadline.isoformat() if deadline else None,
            "turn_started_at": (
                self.row.turn_started_at.isoformat()
                if self.row.turn_started_at and self.status == "playing"
                else None
            ),
            "timeouts": [{"version": v, "seat": seat} for v, seat in self.timeouts],
        }

    def snapshot(
        self,
        seat: int | None,
        since: int = -1,
        at: int | None = None,
        step: bool = False,
        past: State | None = None,
    ) -> dict[str, Any]:
        """What `seat` may see now (or after action `at`), with its events after version `since`.
        A `step` is an earlier version shown live on the way to the current one, as it was
        when played: the game going on, the seat's legal actions then. `past` is the state
        after `at` if the caller replayed it already (away from the event loop)."""
        version = self.version if at is None else at
        state = past if past is not None else self.kept(version)
        if state is None:
            state = self.replay(version)
        playing = step or (self.status == "playing" and at is None)
        take_back = self.may_take_back(seat) if self.status == "playing" and at is None else 0
        result = state.result()
        return {
            "table": self.id,
            "version": version,
            "status": "playing" if step else self.status,
            "seat": seat,
            "to_move": list(state.to_move),
            "view": state.view(seat),
            "legal": (
                [a.to_json() for a in state.legal_actions(seat)]
                if playing and seat is not None
                else []
            ),
            "take_back": take_back,
            "events": self.events(seat, since, version),
            "result": result.to_json() if result else None,
        }

    def events(self, seat: int | None, since: int, upto: int) -> list[dict[str, Any]]:
        """The events `seat` may see from versions since+1 … upto, each tagged with its version."""
        shown = []
        for version in range(max(since + 1, 0), upto + 1):
            start = self.marks[version - 1] if version else 0
            for event in visible(self.narration[start : self.marks[version]], seat):
                shown.append({"version": version, **event.to_json()})
        return shown

    def replay(self, upto: int) -> State:
        """The state after the first `upto` rows of the log."""
        return self._replayed(self.standing(upto)[0])

    def standing(self, upto: int) -> tuple[list[tuple[int, Action]], int]:
        """The actions that stand after the first `upto` rows of the log, and how many of
        those rows are take-backs."""
        if upto == self.version:
            return self.played, self.lines
        played: list[tuple[int, Action]] = []
        lines = 0
        for entry in self.log[:upto]:
            if entry.action is None:
                del played[len(played) - entry.takes_back :]
                lines += 1
            else:
                played.append((entry.seat, entry.action))
        return played, lines

    def replayed(self, played: list[tuple[int, Action]]) -> State:
        """The state after `played`, from the start (on any thread: it reads only the
        table's game, seed and options)."""
        return self._replayed(played)

    def _replayed(self, played: list[tuple[int, Action]]) -> State:
        state = self.game.new(self.row.players, self.row.seed, **self.row.options)
        for seat, action in played:
            state.apply(seat, action)
        return state


def summary(row: TableRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": load(row.game).id,
        "players": row.players,
        "options": dict(row.options),
        "status": row.status,
        "seats": [
            _seat_info(s, order) for s, order in zip(row.seats, _bot_orders(row.seats), strict=True)
        ],
        "rematch_of": row.rematch_of,
        "rematch": row.rematch,
        "seeded": row.seeded,
        "seed": row.seed if row.seeded else None,
        "rated": row.rated,
        "move_seconds": row.move_seconds,
        "clock_increment": row.clock_increment,
        "hints": row.hints,
        "coach": row.coach,
        "created_at": utc(row.created_at).isoformat() if row.created_at else None,
    }


def _seat_info(seat: SeatRow, order: int) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "name": _seat_name(seat, order) if (seat.bot or seat.token_hash or seat.name) else None,
        "bot": seat.bot,
        # an unnamed bot is named by `bot_order`, in each client's language (tabulae.i18n.bots)
        "bot_order": order if seat.bot and not seat.name else None,
        "bot_level": seat.bot_params.get("level") if seat.bot else None,
        "taken": seat.bot is not None or seat.token_hash is not None,
        "rank": seat.rank,
        "clock_left": None if seat.clock_left is None else round(seat.clock_left, 1),
    }


def _bot_orders(seats: list[SeatRow]) -> list[int]:
    """Each seat's place among the table's unnamed bots, which gives each its own name."""
    orders, count = [], 0
    for seat in seats:
        orders.append(count)
        count += bool(seat.bot and not seat.name)
    return orders


def _seat_name(seat: SeatRow, order: int, lang: str = "en") -> str:
    if seat.name:
        return seat.name
    if seat.bot:
        return bot_name(translator(lang), order, seat.bot, seat.bot_params)
    return translator(lang)._("seat {n}", n=seat.seat + 1)


def seat_names(seats: list[SeatRow], lang: str) -> list[str]:
    """Every seat's name in `lang`, as players read it."""
    return [_seat_name(s, order, lang) for s, order in zip(seats, _bot_orders(seats), strict=True)]
