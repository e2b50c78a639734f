"""Run the tests in a random order, to catch tests that depend on each other (the idea of
pytest-randomly, which we can't install on the CI runners). Reproduce an order with
TEST_ORDER_SEED=<seed>; the seed of a run is printed in the header."""
import os
import random


def _seed(config):
    if not hasattr(config, "_order_seed"):
        config._order_seed = int(os.environ.get("TEST_ORDER_SEED") or random.SystemRandom().randrange(1_000_000))
    return config._order_seed


def pytest_report_header(config):
    return f"test order seed: {_seed(config)}"


def pytest_collection_modifyitems(session, config, items):
    random.Random(_seed(config)).shuffle(items)
