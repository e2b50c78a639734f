"""pytest plugin of the verifier: imposes the test order given in VERIFY_ORDER, after any
reordering the suite's own conftest did (forward, reverse or shuffle:<seed>)."""
import os
import random

import pytest


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    mode = os.environ.get("VERIFY_ORDER", "")
    if not mode:
        return
    items.sort(key=lambda item: item.nodeid)
    if mode == "reverse":
        items.reverse()
    elif mode.startswith("shuffle:"):
        random.Random(int(mode.split(":", 1)[1])).shuffle(items)
