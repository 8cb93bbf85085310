"""The README's examples run and print what it says, and its commands are the ones CI runs."""

import doctest
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_python_examples() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks, "the README should show the API in ```python blocks"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):  # each block stands alone, as a reader would paste it
        runner.run(parser.get_doctest(block, {}, f"README block {i}", "README.md", 0))
    assert runner.summarize(verbose=False).failed == 0
    assert runner.summarize(verbose=False).attempted >= 5


def test_readme_commands_are_what_ci_runs() -> None:
    first_block = re.search(r"```bash\n(.*?)```", README, flags=re.S)
    assert first_block is not None
    lines = [line.split("#")[0].strip() for line in first_block.group(1).splitlines() if line.strip()]
    assert lines[0].startswith("pip install . && wildeval bench")
    assert lines[1] == 'pip install ".[test]" && pytest -n auto'
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install ".[test]"' in ci and "\npytest -n auto\n" in ci


def test_python_m_doctest_reads_the_readme_as_it_is() -> None:
    # `python -m doctest README.md` treats a fence right after an output line as output
    import doctest

    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, verbose=False, report=False)
    assert result.failed == 0 and result.attempted > 0
