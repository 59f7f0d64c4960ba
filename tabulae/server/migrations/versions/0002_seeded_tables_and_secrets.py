"""Seeded tables are marked, and every table has a secret of its own.

`seeded` says a table's seed was chosen by its creator and is shown to everyone; `secret`
keys the table's private randomness (its bots' choices, derived seat tokens) and never
leaves the server. Tables made before keep their seeds (which no one chose: the server drew
them) and get a fresh secret each.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tables", sa.Column("seeded", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("tables", sa.Column("secret", sa.String(64)))
    tables = sa.table("tables", sa.column("id", sa.String), sa.column("secret", sa.String))
    connection = op.get_bind()
    for (table_id,) in connection.execute(sa.select(tables.c.id)):
        connection.execute(
            tables.update().where(tables.c.id == table_id).values(secret=secrets.token_hex(32))
        )
    op.create_index("ix_tables_created_at", "tables", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_tables_created_at", "tables")
    op.drop_column("tables", "secret")
    op.drop_column("tables", "seeded")
