"""Generic table pieces: card and token art, sprites, zones, drag-and-drop, toasts."""
