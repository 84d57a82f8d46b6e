"""Scenes on the app's stack: title, setup, table, hand-over, results, rules, settings."""
