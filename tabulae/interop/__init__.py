"""Research adapters: PettingZoo, OpenSpiel and Gymnasium (the ``research`` extra).

- `episode`: one game stepped one seat at a time with integer action codes.
- `observation`: a fixed-size numeric encoding of a seat's view.
- `pettingzoo`, `openspiel`, `gymnasium`: the adapters; `bench`: their speed.

Import the adapter you need; docs/research.md shows each in use.
"""
