"""An account's language, for the reminders it is sent, and the last reminder each seat was
sent, so that no process sends a seat more reminders for a move than the settings allow.

Accounts made before have no language (their reminders are in English); no seat has been
reminded yet; nothing else changes.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("accounts", sa.Column("language", sa.String(5)))
    op.add_column("seats", sa.Column("reminded", sa.BigInteger))


def downgrade() -> None:
    op.drop_column("seats", "reminded")
    op.drop_column("accounts", "language")
