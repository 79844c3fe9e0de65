"""Selectors: the non-trivial reads of tournament data. They never write."""
