from greetlib import greet


def test_greet():
    assert greet("Ann") == "Hello, Ann!"
