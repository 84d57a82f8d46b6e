"""Small UI helpers shared by scenes (text layout, Markdown)."""
