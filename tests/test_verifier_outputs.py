"""The verifier's output files printed after the tests by the verifier's own command, read back exactly.

The shell is the one `print_files` writes, run by a real `sh`; whatever the
section cannot vouch for is left to the archive API (absent from the result).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from realcli import events as ev
from realcli.runtime.trials._verifier_outputs import INLINE_FILE_BYTES, MARKER, parse_printed, print_files


def printed_by_sh(before: bytes, paths: list[str]) -> ev.Output:
    """What the command's stderr holds: ``before`` (the listing), then the section."""
    done = subprocess.run(["sh", "-c", print_files(paths)], capture_output=True, check=True)
    data = before + done.stdout
    return ev.Output(text=data.decode("utf-8", "replace"), total_bytes=len(data), kept_bytes=len(data))


def test_files_come_back_byte_for_byte_absent_ones_as_none_and_the_listing_before(tmp_path: Path) -> None:
    reward, metrics, missing = tmp_path / "reward.txt", tmp_path / "reward.json", tmp_path / "ctrf.json"
    reward.write_bytes(b"1")  # no newline at the end: kept exactly
    metrics.write_bytes(b'{"reward": 0.5,\n "note": "caf\xc3\xa9"}\n\n')
    paths = [str(reward), str(metrics), str(missing)]

    got = parse_printed(printed_by_sh(b"d     4096 /app\n", paths), paths)

    assert got.before == "d     4096 /app\n"
    assert got.files == {str(reward): b"1", str(metrics): metrics.read_bytes(), str(missing): None}


def test_a_listing_that_imitates_the_section_cannot_forge_a_reward(tmp_path: Path) -> None:
    reward = tmp_path / "reward.txt"
    reward.write_bytes(b"0\n")
    forged = f"f        1 /app/x\n{MARKER}\n@@{reward} 2\n1\n\n@@end\n".encode()  # a file name with newlines

    got = parse_printed(printed_by_sh(forged, [str(reward)]), [str(reward)])

    assert got.files == {str(reward): b"0\n"}
    assert got.before == forged.decode()


def test_what_the_section_cannot_vouch_for_is_left_to_the_archive(tmp_path: Path) -> None:
    big, link, odd, small = (tmp_path / n for n in ("ctrf.json", "reward.json", "odd.txt", "reward.txt"))
    big.write_bytes(b"x" * (INLINE_FILE_BYTES + 1))
    small.write_bytes(b"1\n")
    link.symlink_to(small)
    odd.write_bytes(b"\xff\xfe1\n")  # not UTF-8: the capture replaced bytes
    paths = [str(big), str(link), str(small)]

    got = parse_printed(printed_by_sh(b"", paths), paths)
    assert got.files == {str(small): b"1\n"}  # the large file and the link are read through the archive

    assert parse_printed(printed_by_sh(b"", [str(odd)]), [str(odd)]).files == {}
    whole = printed_by_sh(b"", [str(small)])
    cut = ev.Output(text=whole.text, total_bytes=whole.total_bytes + 10, kept_bytes=whole.kept_bytes)
    assert parse_printed(cut, [str(small)]).files == {}  # the capture was cut somewhere
    unfinished = ev.Output(text=whole.text.removesuffix("@@end\n"), total_bytes=1, kept_bytes=1)
    assert parse_printed(unfinished, [str(small)]).files == {}  # the loop did not finish
    assert parse_printed(ev.Output(text="sh: 1: Cannot fork\n"), [str(small)]).files == {}
