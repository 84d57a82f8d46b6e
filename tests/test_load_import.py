"""The Load screen's Import picker only reads files (found by the GUI monkey): pygame-gui's file
dialog has a button that deletes the selected file, anywhere on the disk."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest
from scene_helpers import click, click_at, key, make_app, pump, use_private_home

from tabletop import storage
from tabletop.app import App
from tabletop.scenes.load import PATH_LIMIT, LoadScene


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


@pytest.mark.parametrize(
    "typed",
    [
        "/" + "<b>" * 2000,  # more than the field takes, and too long a name
        "/tmp/" + "/".join(["x" * 300] * 3),  # names longer than any the system allows
        "LOOP/inside",  # a link that points at itself
        "FILE/not-a-folder/x",  # a file used as a folder
    ],
)
def test_a_path_the_system_refuses_is_nothing_to_pick_not_a_crash(
    app: App, tmp_path: Path, typed: str
) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    a_file = tmp_path / "file.txt"
    a_file.write_text("x", encoding="utf-8")
    typed = typed.replace("LOOP", str(loop)).replace("FILE", str(a_file))
    scene = LoadScene(app)
    app.push(scene)
    pump(app)
    click(app, scene.import_button)
    dialog = scene.file_dialog
    assert dialog is not None
    line = dialog.file_path_text_line
    click(app, line)
    line.set_text("")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    pump(app, 2)
    assert len(line.get_text()) <= PATH_LIMIT  # each character typed costs more as it grows
    key(app, pygame.K_RETURN)
    assert dialog.alive() and app.top is scene
    assert dialog.current_file_path is None and not dialog.ok_button.is_enabled
    # It still works: the picker lists a real folder and picks a real file.
    line.set_text("")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(a_file)))
    pump(app, 2)
    assert dialog.current_file_path == a_file and dialog.ok_button.is_enabled
