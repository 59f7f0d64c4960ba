"""The database schema as the code sees it; Alembic migrations (in `migrations/`) create it.

A table's match lives in three places: `tables` (game, players, seed, options, status, and
the secret that keys its private randomness),
`seats` (who sits where, bots, the hash of each seat token) and `actions`, the append-only
log numbered by `seq` from 1. The primary key (table_id, seq) is what makes two servers racing
for the same move agree: only one insert of a given seq can commit.
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
    sa.UniqueConstraint("table_id", "seat", "client_action_id", name="uq_actions_client_id"),
)
