"""The server under test: the `maplang` binary that the environment
variable MAPLANG names (scripts/check-editors.sh builds it and sets it)."""

import os

import pytest


def pytest_configure(config):
    maplang = os.environ.get("MAPLANG", "")
    if not maplang or not os.access(maplang, os.X_OK):
        raise pytest.UsageError(
            f"MAPLANG must name the built maplang binary (it is {maplang!r}); "
            "scripts/check-editors.sh builds it and sets it")
