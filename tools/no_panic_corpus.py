#!/usr/bin/env python3
"""Rewrites the corpus of autodiff-macros/src/no_panic.rs: every `#[differentiate]` function
of tests/*.rs, tests/expand/*.rs, tests/ui/**/*.rs and tests/ui-pass/**/*.rs (deduplicated,
in file order), embedded as raw strings between the `@corpus-begin` / `@corpus-end` marks.

    python3 tools/no_panic_corpus.py
"""

import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.path.join(ROOT, "autodiff-macros", "src", "no_panic.rs")


def functions():
    os.chdir(ROOT)
    files = (sorted(glob.glob("tests/*.rs")) + sorted(glob.glob("tests/expand/*.rs"))
             + sorted(glob.glob("tests/ui/**/*.rs", recursive=True))
             + sorted(glob.glob("tests/ui-pass/**/*.rs", recursive=True)))
    files = [f for f in files if not f.endswith(".expanded.rs")]
    seen, out = set(), []
    for path in files:
        src = open(path).read()
        for m in re.finditer(r"^(#\[differentiate[^\n]*\]\n)((?:#\[[^\n]*\]\n)*)(pub )?fn ", src, re.M):
            i = src.index("{", m.end())
            depth, j = 0, i
            while True:
                c = src[j]
                if c == "{":
                    depth += 1
                elif c == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            text = src[m.start():j + 1]
            if text not in seen and '"###' not in text:
                seen.add(text)
                out.append(text)
    return out


def main():
    body = "\n".join('    r###"%s"###,' % f for f in functions())
    src = open(TARGET).read()
    start = src.index("const CORPUS: &[&str] = &[")
    end = src.index("// @corpus-end")
    src = src[:start] + "const CORPUS: &[&str] = &[\n" + body + "\n];\n" + src[end:]
    with open(TARGET, "w") as fh:
        fh.write(src)


if __name__ == "__main__":
    main()
