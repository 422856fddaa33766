"""Luthier's card data: the TOML files read, checked, patched, compiled into the kernels'
tables, and the numbers the rulebook states."""
