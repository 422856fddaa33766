"""Decision policies (strategies) that play every seat."""

import simcore  # noqa: F401  (sets up the kernel cache before any strategy kernel is compiled)
