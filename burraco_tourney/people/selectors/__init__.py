"""The registry's readers: search as the director types, the people list, the likely twins."""
