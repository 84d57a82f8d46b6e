"""The setup screen's memory: each game's last choices (player count, seats, options), kept
across visits and, through :mod:`.storage`, across restarts.

The memory holds the form's raw values; the setup screen checks each one when it reads them
back, so a hand-edited or hostile file can only fall back to the defaults.
"""

from __future__ import annotations

from typing import Any

from .storage import describe_os_error, load_setup_memory, save_setup_memory


class SetupMemory:
    """One app's memory of its setup forms; ``persist``: also in the setup file (an app that
    does not save its settings, as in tests, keeps it for its own lifetime only)."""

    def __init__(self, persist: bool) -> None:
        self.persist = persist
        self._games: dict[str, dict[str, Any]] | None = None

    def _all(self) -> dict[str, dict[str, Any]]:
        if self._games is None:
            self._games = load_setup_memory() if self.persist else {}
        return self._games

    def recall(self, game_id: str) -> dict[str, Any]:
        """The last choices for ``game_id`` as stored (empty: none)."""
        return dict(self._all().get(game_id) or {})

    def remember(self, game_id: str, choices: dict[str, Any]) -> str | None:
        """Keep ``choices`` (JSON-ready) for ``game_id``; a sentence if the file could not be
        written (the memory of this run still has them)."""
        games = self._all()
        games[game_id] = choices
        if not self.persist:
            return None
        try:
            save_setup_memory(games)
        except OSError as err:
            return f"The setup choices could not be saved: {describe_os_error(err)}."
        return None
