"""The built-in games. Each subpackage exposes its rule set as `GAME`."""
