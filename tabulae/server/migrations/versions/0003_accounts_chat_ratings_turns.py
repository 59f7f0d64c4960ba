"""Accounts and their sessions, seats owned by accounts, table chat, ratings, move time
limits and Fischer clocks.

Tables made before are unrated, have no move time limit, and their seats belong to no
account; nothing of them changes.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(40), nullable=False),
        sa.Column("username_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("email", sa.String(254)),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(200), primary_key=True),
        sa.Column("player", sa.String(200), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(200), nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
    )
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("tables", sa.Column("move_seconds", sa.Integer))
    op.add_column("tables", sa.Column("turn_started_at", sa.DateTime(timezone=True)))
    op.add_column("tables", sa.Column("clock_increment", sa.Float))
    if op.get_bind().dialect.name == "sqlite":  # SQLite adds a reference only with its column
        op.execute("ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts (id)")
    else:
        op.add_column("seats", sa.Column("account_id", sa.Integer))
        op.create_foreign_key("fk_seats_account_id", "seats", "accounts", ["account_id"], ["id"])
    op.add_column("seats", sa.Column("rank", sa.Integer))
    op.add_column("seats", sa.Column("clock_left", sa.Float))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])
    op.add_column(
        "actions",
        sa.Column("timed_out", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_column("actions", "timed_out")
    op.drop_index("ix_seats_account_id", "seats")
    if op.get_bind().dialect.name != "sqlite":
        op.drop_constraint("fk_seats_account_id", "seats", type_="foreignkey")
    op.drop_column("seats", "clock_left")
    op.drop_column("seats", "rank")
    op.drop_column("seats", "account_id")
    for column in ("clock_increment", "turn_started_at", "move_seconds", "rated"):
        op.drop_column("tables", column)
    for name in ("rating_changes", "ratings", "chat", "sessions", "accounts"):
        op.drop_table(name)
