"""The database schema as the code sees it; Alembic migrations (in `migrations/`) create it.

A table's match lives in three places: `tables` (game, players, seed, options, status, and
the secret that keys its private randomness),
`seats` (who sits where, bots, the hash of each seat token, the account that owns a seat)
and `actions`, the append-only log numbered by `seq` from 1 (a take-back is a row of its own,
naming how many of the seat's latest actions it takes back). The primary key (table_id, seq)
is what makes two servers racing for the same move agree: only one insert of a given seq can
commit. Accounts, their sessions, table chat and ratings have tables of their own.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(200), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("rematch_of", sa.String(32)),
    sa.Column("rematch", sa.String(32)),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, index=True),
    sa.Column("seeded", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("secret", sa.String(64)),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("move_seconds", sa.Integer),  # a turn-based table's time for one move
    sa.Column("turn_started_at", sa.DateTime(timezone=True)),  # when the last move was made
    sa.Column("clock_increment", sa.Float),  # a Fischer clock's seconds added for each move
    sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),  # players may ask
    sa.Column("clock_seconds", sa.Float),  # a Fischer clock's seconds for the game (rematches)
    sa.Column("coach", sa.Boolean, nullable=False, server_default=sa.false()),  # moves judged
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(40)),
    sa.Column("bot", sa.String(40)),
    sa.Column("bot_params", sa.Text),
    sa.Column("token_hash", sa.String(64)),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), index=True),
    sa.Column("rank", sa.Integer),  # the seat's place once the game is over
    sa.Column("clock_left", sa.Float),  # a Fischer clock's seconds left at the turn's start
    sa.Column("reminded", sa.BigInteger),  # the last reminder sent: 2 × version + 1 or + 2
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("client_action_id", sa.String(64)),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("timed_out", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("takes_back", sa.Integer),  # a take-back: how many of the seat's latest actions
    sa.UniqueConstraint("table_id", "seat", "client_action_id", name="uq_actions_client_id"),
)

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("username", sa.String(40), nullable=False),
    sa.Column("username_key", sa.String(40), nullable=False, unique=True),  # casefolded
    # what the username looks like (confusables.py): no two accounts look alike; none only for
    # a later look-alike of an older account, made before skeletons were kept
    sa.Column("username_skeleton", sa.String(720), index=True, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=False),  # argon2id, never the password
    sa.Column("email", sa.String(254)),
    sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("language", sa.String(5)),  # the language of its reminders (none: English)
    # reminders go only to an address its owner confirmed with the link sent to it
    sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("email_token_hash", sa.String(64), index=True, unique=True),  # the link's, hashed
    sa.Column("email_token_expires", sa.DateTime(timezone=True)),
    # with the table's secret, derives the tokens of the account's seats; a new one (a password
    # change) re-issues them all; none: derived from the table's secret and the account alone
    sa.Column("seat_key", sa.String(64)),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),  # the cookie's hash, never the cookie
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
)

chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
    sa.Column("channel", sa.String(16), nullable=False),  # "players" or "spectators"
    sa.Column("seat", sa.Integer),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("game", sa.String(200), primary_key=True),
    sa.Column("player", sa.String(200), primary_key=True),  # "account:7" or "bot:greedy"
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
)

rating_changes = sa.Table(
    "rating_changes",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(200), nullable=False),
    sa.Column("before", sa.Float, nullable=False),  # the ordinal, mu − 3σ
    sa.Column("after", sa.Float, nullable=False),
)

lessons_done = sa.Table(
    "lessons_done",
    metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("game", sa.String(200), primary_key=True),  # the game's id
    sa.Column("lesson", sa.String(100), primary_key=True),  # the lesson's id within its game
    sa.Column("done_at", sa.DateTime(timezone=True), nullable=False),  # the first time
)
