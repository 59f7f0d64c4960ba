"""E-mail addresses confirmed by a link: whether an account's address is confirmed, and the
hash and expiry of the one-time token of the link sent to confirm it.

Addresses given before were never confirmed: they stay, unconfirmed, and get no reminders
until their owner confirms them (the account page sends a new link).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "accounts",
        sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column("accounts", sa.Column("email_token_hash", sa.String(64)))
    op.add_column("accounts", sa.Column("email_token_expires", sa.DateTime(timezone=True)))
    op.create_index("ix_accounts_email_token_hash", "accounts", ["email_token_hash"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_accounts_email_token_hash", "accounts")
    op.drop_column("accounts", "email_token_expires")
    op.drop_column("accounts", "email_token_hash")
    op.drop_column("accounts", "email_confirmed")
