"""The device history on the PC: pull it into SQLite, report it as HTML."""
