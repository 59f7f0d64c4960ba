"""Seat keys: the tokens of an account's seats are derived from a key of the account as well,
so that a new key (a password change) gives every seat it holds a new token.

Accounts made before have no key: their seats keep the tokens derived as before, and games
under way go on unchanged until the account's password changes.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("accounts", sa.Column("seat_key", sa.String(64)))


def downgrade() -> None:
    op.drop_column("accounts", "seat_key")
