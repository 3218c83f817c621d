"""Node keys: 20 letters and digits, fresh in every thread and in a forked child."""

from __future__ import annotations

import os
import threading
from collections import Counter

from gitbook_mcp.document.nodes import new_key


def test_keys_are_twenty_of_the_alphabet_and_do_not_repeat() -> None:
    keys = [new_key() for _ in range(5000)]
    assert all(len(k) == 20 and k.isascii() and k.isalnum() for k in keys)
    assert len(set(keys)) == len(keys)
    counts = Counter("".join(keys))
    assert len(counts) == 62  # every letter and digit is drawn, none favoured beyond chance
    assert max(counts.values()) < 2 * min(counts.values())


def test_threads_and_a_forked_child_never_share_keys() -> None:
    new_key()  # this thread holds unused random characters now
    found: list[str] = []
    threads = [threading.Thread(target=lambda: found.extend(new_key() for _ in range(50)))]
    for thread in threads:
        thread.start()
        thread.join()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its next key, from randomness of its own
        os.write(write, new_key().encode())
        os._exit(0)
    os.waitpid(pid, 0)
    child = os.read(read, 20).decode()
    os.close(read)
    os.close(write)
    mine = [new_key() for _ in range(50)]
    assert child not in mine
    assert not set(found) & set(mine)
