"""Play at a terminal: seats, the play loop, screens and the generic table renderer."""
