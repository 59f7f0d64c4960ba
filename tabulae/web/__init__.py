"""The browser interface: static ES modules, CSS and SVG, served by `tabulae serve` at `/`."""
