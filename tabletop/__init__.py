"""tabletop: the desktop app. It may import :mod:`rules`; the rules never import it."""

__version__ = "0.1.0"
