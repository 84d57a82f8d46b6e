"""Who is looking at the table: the table draws only ``game.view(viewer)``, and this part
decides who ``viewer`` is (:attr:`TableViewer.seat`). One human alone sees their own hand; on a
shared screen (a hot seat, a public TV) a human sees private cards only after a hand-over to
them, and a drawer keeps looking at a drawn card until they pass the screen on
(:mod:`.table_reveal`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import rules

from .table_reveal import RevealHold, revealed_cards

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session


class ViewerHost(Protocol):
    """What deciding who looks needs of the table: its game and screen, whether a recap
    shows, and a way to lay the table out for a new viewer."""

    app: App
    session: Session
    handing_over: bool

    @property
    def game(self) -> rules.Game: ...
    @property
    def public_tv(self) -> bool: ...
    @property
    def recap_pending(self) -> bool: ...
    def looked_anew(self) -> None:
        """Another seat looks now: drop the selection and lay the table out for it."""

    def refresh(self, animate: bool = True, remote: bool = False) -> None: ...


class TableViewer:
    def __init__(self, scene: ViewerHost) -> None:
        self.scene = scene
        self.seat: int | None = self.initial()  # who looks now (None: the public table)
        #: A hand-over covers the table until the next player says they are looking.
        self.handing_over = False
        #: Hot seat: the drawer still looks at a drawn card before the hand-over.
        self.reveal: RevealHold | None = None

    def initial(self) -> int | None:
        """The viewer a table opens with: the one human, unless the screen is public."""
        humans = self.scene.session.humans
        if len(humans) == 1 and not self.scene.public_tv:
            return humans[0]
        return None

    def is_local_human(self, seat: int | None) -> bool:
        """``seat`` is a human at this screen (a phone seat plays on its phone)."""
        session = self.scene.session
        return session.is_human(seat) and seat is not None and not session.seats[seat].is_phone

    def update(self) -> None:
        """Hot seat: a human sees private cards only after a hand-over to them."""
        scene = self.scene
        if self.handing_over or self.reveal is not None:
            return
        humans = scene.session.humans
        mover = scene.game.to_move
        private_table = len(humans) > 1 or scene.public_tv
        if scene.recap_pending and private_table:
            # Everyone reads the recap: the public table until it ends, then the hand-over.
            self.set(None)
            return
        if mover is None:
            target = humans[0] if len(humans) == 1 and not scene.public_tv else None
            self.set(target)
        elif self.is_local_human(mover):  # a phone seat plays on its phone: never here
            if self.seat != mover:
                if private_table:
                    self.hand_over(mover)
                else:
                    self.set(mover)
        elif private_table:
            self.set(None)

    def reveal_hold(self, events: list[rules.Event], actor: int | None) -> RevealHold | None:
        """A hold if ``actor``, looking at their own hand on a shared screen, was just shown
        something new (a drawn card) and the table would now hide their hand."""
        scene = self.scene
        if actor is None or actor != self.seat or not self.is_local_human(actor):
            return None
        if scene.game.over or scene.game.to_move == actor:
            return None
        if not (len(scene.session.humans) > 1 or scene.public_tv):
            return None
        cards = revealed_cards(events, actor)
        if cards is None:
            return None
        mover = scene.game.to_move
        name = (
            scene.session.names[mover] if mover is not None and self.is_local_human(mover) else None
        )
        return RevealHold(actor, name, cards)

    def end_reveal(self) -> None:
        """The drawer has seen their card: hide the hand and hand over as usual."""
        if self.reveal is None:
            return
        if self.reveal.button is not None:
            self.reveal.button.kill()
        self.reveal = None
        self.update()
        self.scene.refresh(animate=False)

    def hand_over(self, seat: int) -> None:
        """Cover the table until ``seat``'s player says they are the one looking."""
        scene = self.scene
        self.set(None)
        scene.handing_over = True
        scene.app.toasts.clear()  # a message for the last player must not show on the cover

        def ready() -> None:
            scene.handing_over = False
            self.set(seat)

        scene.app.go.hand_over(scene.session.names[seat], ready)

    def set(self, seat: int | None) -> None:
        """Show the table as ``seat`` sees it (None: the public table)."""
        if seat != self.seat:
            self.seat = seat
            self.scene.looked_anew()
