"""Research adapters: PettingZoo, OpenSpiel and Gymnasium (the ``research`` extra).

- `episode`: one game stepped one seat at a time with integer action codes.
- `observation`: each game's designed observation (or its encoded view), a fixed size.
- `pettingzoo`, `openspiel`, `gymnasium`, `vector`: the adapters; `bench`: their speed.

Import the adapter you need; docs/research.md shows each in use.
"""
