"""Play at a terminal: seats, the play loop, screens and the per-game table renderers."""
