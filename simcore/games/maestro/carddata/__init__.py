"""Maestro's board data: the TOML files read, merged, patched and compiled, and the numbers
the rulebook states."""
