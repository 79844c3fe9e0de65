"""Services: the only code that writes tournament data. Each runs in one transaction."""
