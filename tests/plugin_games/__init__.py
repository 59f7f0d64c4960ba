"""Games that live only in the tests, each a package shaped like a game from another pip package:
the rules, and an interface (terminal screen, board, catalogs) that Tabulae finds through its
registry without naming them."""
