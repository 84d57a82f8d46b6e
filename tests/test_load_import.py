"""The Load screen's Import picker only reads files (found by the GUI monkey): pygame-gui's file
dialog has a button that deletes the selected file, anywhere on the disk."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame_gui
import pytest
from scene_helpers import click, click_at, make_app, pump, use_private_home

from tabletop import storage
from tabletop.app import App
from tabletop.scenes.load import LoadScene


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app(animation_speed=0.0)
    yield a
    a.quit()


def test_the_import_picker_cannot_delete_the_file_it_shows(app: App) -> None:
    folder = storage.exports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    precious = folder / "precious.txt"
    precious.write_text("not a game, and not ours to delete", encoding="utf-8")
    scene = LoadScene(app)
    app.push(scene)
    pump(app)
    click(app, scene.import_button)
    dialog = scene.file_dialog
    assert dialog is not None and dialog.alive()
    # Select the file as a player would (its row in the list), then try the delete button's
    # place and confirm any dialog that comes up.
    rows = dialog.file_selection_list.item_list
    row = next(item for item in rows if item["text"] == precious.name)
    assert row["button_element"] is not None
    click(app, row["button_element"])
    assert dialog.current_file_path == precious
    click_at(app, dialog.delete_button.rect.center)
    for window in list(app.ui.get_window_stack().get_full_stack()):
        if isinstance(window, pygame_gui.windows.UIConfirmationDialog):
            click(app, window.confirm_button)
    assert precious.read_text(encoding="utf-8").startswith("not a game")
    assert dialog.delete_button not in app.ui.get_sprite_group().sprites()
    assert dialog.delete_button not in app.ui.get_sprite_group().sprites()
    # Picking it still works: the file is read, refused in words, and left where it is.
    click(app, dialog.ok_button)
    pump(app, 3)
    assert precious.exists()
