"""A clocked table remembers each seat's time for the game, so that its rematch starts with
the same clock.

Tables made before have none: the rematch of one of them has no clock.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("clock_seconds", sa.Float))


def downgrade() -> None:
    op.drop_column("tables", "clock_seconds")
