#!/bin/sh
# Put tabletop in this user's application menu (freedesktop: GNOME, KDE, Xfce...).
# Run it from the built app folder, where the build copies it: ./install-desktop-entry.sh
# (or give that folder: install-desktop-entry.sh path/to/tabletop). Needs no root.
# Undo: rm ~/.local/share/applications/tabletop.desktop \
#          ~/.local/share/icons/hicolor/256x256/apps/tabletop.png
set -eu
app_dir=$(cd "${1:-$(dirname "$0")}" && pwd)
exe="$app_dir/tabletop"
if [ ! -x "$exe" ]; then
  echo "install-desktop-entry: no tabletop executable in $app_dir" >&2
  exit 1
fi
data="${XDG_DATA_HOME:-$HOME/.local/share}"
mkdir -p "$data/applications" "$data/icons/hicolor/256x256/apps"
cp "$app_dir/tabletop.png" "$data/icons/hicolor/256x256/apps/tabletop.png"
# The entry's Exec must be an absolute path: the app folder can be anywhere.
sed "s|^Exec=.*|Exec=\"$exe\"|" "$app_dir/tabletop.desktop" >"$data/applications/tabletop.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
echo "tabletop is now in your application menu ($data/applications/tabletop.desktop)"
