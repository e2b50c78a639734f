import os
import sys
from datetime import date

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from publish import post_path  # noqa: E402


def test_post_path():
    assert post_path(date(2024, 5, 1), "Hello, World!") == "/2024/05/hello-world/"


def test_existing_urls_do_not_change():
    # Published in 2023: this URL is linked from everywhere.
    assert post_path(date(2023, 11, 2), "Crème brûlée à la maison") == "/2023/11/cr-me-br-l-e-la-maison/"
