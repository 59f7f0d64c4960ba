"""Usernames that look alike: each account keeps the confusables skeleton of its username
(UTS #39, casefolded), and no two accounts may share one.

Every account made before gets its skeleton. Where older accounts already look alike, the
oldest keeps the skeleton and the later ones keep their names without one: they still sign in,
and no new account can take a name like theirs, for the oldest one's skeleton is the same.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

from tabulae.server.confusables import skeleton

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("accounts", sa.Column("username_skeleton", sa.String(720)))
    bind = op.get_bind()
    seen: set[str] = set()
    for account_id, username in bind.execute(
        sa.text("SELECT id, username FROM accounts ORDER BY id")
    ):
        key = skeleton(username)
        if key in seen:
            continue
        seen.add(key)
        bind.execute(
            sa.text("UPDATE accounts SET username_skeleton = :key WHERE id = :id"),
            {"key": key, "id": account_id},
        )
    op.create_index("ix_accounts_username_skeleton", "accounts", ["username_skeleton"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_accounts_username_skeleton", "accounts")
    op.drop_column("accounts", "username_skeleton")
