"""Take-backs in the action log: a row that takes back the seat's latest actions says how
many, and names no action of the game.

Rows made before are actions (no count); nothing else changes.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("actions", sa.Column("takes_back", sa.Integer))


def downgrade() -> None:
    op.drop_column("actions", "takes_back")
