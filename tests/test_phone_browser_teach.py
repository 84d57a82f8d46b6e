"""The phones learn too, in a real browser (Debian's chromium, driven by Playwright; see
tests/test_phone_browser.py): a phone opens its game's *How to play* sheet and closes it, sees
the *Teach as we play* tip for its decision, asks for a hint, sees the hinted move lit and plays
it. Every wait is bounded; nothing sleeps for a fixed time.
"""

from __future__ import annotations

from typing import Any

from tabletop.ai.worker import AIWorker
from tabletop.games import howto_for
from tests.test_night_server import make_session
from tests.test_phone_browser import browser, data, hosts, open_phone, wait_ply_after

__all__ = ["browser", "hosts"]  # the fixtures this module uses


def first_legal(game: Any) -> Any:
    return game.legal_moves()[0]


def test_a_phone_reads_how_to_play_sees_its_tip_and_plays_a_hint(browser, hosts) -> None:
    session = make_session("medici", 2, seed=3)
    session.teach = True
    mover = session.game.to_move
    assert mover is not None
    worker = AIWorker(use_process=False)
    host = hosts(session, [mover], {1 - mover: first_legal}, hint_worker=worker, hint_iterations=30)
    try:
        page = open_phone(browser, host.night.link(mover))
        # How to play: a sheet over the table, with the game's card pictures, and back
        page.tap("#howto-open")
        page.wait_for_selector("#howto", state="visible")
        sheet = howto_for("medici")
        assert sheet is not None
        titles = page.eval_on_selector_all("#howto-body h3", "hs => hs.map(h => h.textContent)")
        assert titles == [s.title for s in sheet.sections]
        shown = page.eval_on_selector_all(
            "#howto-body .card img", "is => is.map(i => i.complete && i.naturalWidth > 0)"
        )
        assert len(shown) == len(sheet.cards())
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('#howto-body img'))"
            ".every(i => i.complete && i.naturalWidth > 0)"
        )
        box = page.eval_on_selector("#howto-close", "b => b.getBoundingClientRect().height")
        assert box >= 44
        page.tap("#howto-close")
        page.wait_for_selector("#howto", state="hidden")
        assert data(page, "howto") == ""
        # Teach as we play: the tip for this decision, as the host worked it out
        page.wait_for_selector("#tip", state="visible")
        with host.lock:
            ply = len(session.game.history)
            tip = host.night._state(mover, ply)["tip"]
        assert tip and page.inner_text("#tip-text") == tip
        # a hint: asked, shown with its reason, its move lit, played with one tap
        page.tap("#hint-ask")
        page.wait_for_selector("#hint-box", state="visible")
        move = data(page, "hint")
        text = page.inner_text("#hint-text")
        with host.lock:
            legal = {str(m): m for m in session.game.legal_moves()}
            said = session.game.describe_move(legal[move], mover, session.names)
        assert move in legal and text.startswith(said)
        lit = page.eval_on_selector_all(
            ".card.hinted, button.move.hinted",
            "xs => xs.map(x => x.dataset.card || x.dataset.move)",
        )
        assert lit and (move in lit or set(lit) <= set(legal[move].cards))
        page.tap("#hint-play")
        wait_ply_after(page, ply)
        with host.lock:
            assert str(session.game.history[ply]) == move
        page.context.close()
    finally:
        worker.shutdown()
