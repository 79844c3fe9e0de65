"""The registry's pages, for directors only (login required): people, clubs, the member list,
the likely twins. Thin views: a form checks, one service writes or one selector reads."""
