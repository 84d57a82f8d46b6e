"""One room for the evening: a game night's server and its links outlive a game.

A rematch, another game with the same players or a resumed save reuses the server, its port
and each player's link (by name): the phones that are open follow to the next game by
themselves (the server tells them ``next-game`` and they say hello again), and nobody scans
again. A player new to the evening gets a new link; a link whose player left the evening is
refused with the page that says to scan the TV's code. The room closes with the app.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future
from typing import Any

from .server import DEFAULT_PORT, NightServer, ToHost

#: Random bytes in a seat's token (its link): unguessable on the network.
TOKEN_BYTES = 24


class NightRoom:
    """The evening's server (started with its first game night) and its players' links."""

    def __init__(self) -> None:
        self.server: NightServer | None = None
        self._tokens: dict[str, str] = {}  # player name -> their link's token

    @property
    def open(self) -> bool:
        return self.server is not None and self.server.running

    def tokens_for(self, names: Mapping[int, str]) -> dict[int, str]:
        """Each seat's token: the same link as before for a player of the evening (by name),
        a new one for a newcomer; the links of players not in this game stop working."""
        keys = _keys(names)
        kept = {key: self._tokens.get(key) or _new_token() for key in keys.values()}
        self._tokens = kept
        return {seat: kept[key] for seat, key in keys.items()}

    def serve(
        self,
        tokens: Mapping[int, str],
        submit: Callable[[ToHost], bool],
        welcome: Mapping[str, Any],
        *,
        bind: Iterable[str] | None,
        port: int,
        advertise: str | None,
        census: Sequence[str],
        images: bool,
        painter: Callable[[str], Future[bytes | None]] | None,
    ) -> NightServer:
        """The room's server, serving this game: the running one, told of the new game (its
        phones follow), or a new one (not started yet) when the room has none."""
        by_token = {token: seat for seat, token in tokens.items()}
        if self.open:
            assert self.server is not None
            self.server.next_game(by_token, submit, welcome, census, images, painter)
            return self.server
        self.server = NightServer(
            by_token,
            submit,
            welcome,
            bind=bind,
            port=port,
            advertise=advertise,
            census=census,
            images=images,
            painter=painter,
        )
        return self.server

    def close(self) -> None:
        """The evening is over: tell every phone and free the port."""
        server, self.server = self.server, None
        self._tokens = {}
        if server is not None:
            server.stop()


def _keys(names: Mapping[int, str]) -> dict[int, str]:
    """Each seat's player, by name; a name two seats share is told apart by its order."""
    seen: dict[str, int] = {}
    keys = {}
    for seat in sorted(names):
        name = names[seat]
        seen[name] = seen.get(name, 0) + 1
        keys[seat] = name if seen[name] == 1 else f"{name} ({seen[name]})"
    return keys


def _new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


__all__ = ["DEFAULT_PORT", "NightRoom"]
