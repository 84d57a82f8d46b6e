"""Bots: they see only what their seat may see."""
