"""Run every benchmark and print the figures the README states: `python -m bench`."""

from __future__ import annotations

import sys

from bench import bench_ask, bench_bot, bench_oracle, bench_startup, bench_store, corpus
from bench.common import SHARED


def main() -> int:
    print("== data layer: import, name resolution, autocomplete")
    code = bench_store.main(["--scaling"])
    print("== oracle parser and coverage")
    bench_oracle.main([])
    print("== ask pipeline")
    bench_ask.main([])
    print("== start-up and isolation")
    bench_startup.main([])
    print("== Discord bot")
    bench_bot.main()
    print("== players' questions (working and held-out splits), the dev set")
    corpus.main(["--show", "none"])
    corpus.main(["--show", "none", str(SHARED / "eval" / "dev.jsonl")])
    return code


if __name__ == "__main__":
    sys.exit(main())
