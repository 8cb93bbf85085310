"""The terminal front end every game's play loop uses: say, ask, quit, help, cards as text.

A person plays line by line, so a session also runs from a pipe. :meth:`Terminal.ask` returns
the answer, or None when the person leaves (a quit word, or the end of input), and
:attr:`Terminal.quit` says which. With ``transcript=True`` an answer read from a pipe is written
after its prompt, and the end of input ends the prompt's line, so the output reads as a
transcript of the session.

>>> import io
>>> term = Terminal(io.StringIO("In\\nq\\n"), io.StringIO(), unicode=False, transcript=True)
>>> term.ask("In or out? "), term.ask("In or out? "), term.quit
('In', None, 'quit')
>>> term.say(f"Your cards: {term.cards([51, 0])}"); print(term.stdout.getvalue(), end="")
In or out? In
In or out? q
Your cards: As 2c
>>> does("You", "pays", you="You"), does("Bot 1", "pays", you="You")
('You pay', 'Bot 1 pays')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TextIO

from wildeval.cards import format_cards, stream_shows_suits

__all__ = ["HELP_WORDS", "QUIT_WORDS", "Terminal", "does", "guarded"]

QUIT_WORDS = frozenset({"q", "quit"})
HELP_WORDS = frozenset({"h", "help", "?"})


class Terminal:
    """A person at ``stdin``/``stdout``. ``unicode``: cards with suit symbols (``3♥``) or as
    ``3h``; None: symbols only if ``stdout`` can encode them. ``quit_words``: answers that leave
    (compared without case)."""

    def __init__(self, stdin: TextIO, stdout: TextIO, *, unicode: bool | None = None,
                 transcript: bool = False, quit_words: Iterable[str] = QUIT_WORDS) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.unicode = stream_shows_suits(stdout) if unicode is None else bool(unicode)
        self.transcript = transcript
        self.quit_words = frozenset(quit_words)
        self.quit: str | None = None  # why the person left: "quit" or "eof"

    def say(self, text: str = "") -> None:
        """One line to the person (flushed); characters the stream cannot encode become ``?``."""
        self._write(text + "\n")
        self.stdout.flush()

    def _write(self, text: str) -> None:
        try:
            self.stdout.write(text)
        except UnicodeEncodeError:  # an answer echoed from a pipe may hold anything
            encoding = getattr(self.stdout, "encoding", None) or "ascii"
            self.stdout.write(text.encode(encoding, "replace").decode(encoding))

    def ask(self, prompt: str) -> str | None:
        """The person's answer to ``prompt``, stripped; None if they leave (a quit word or the
        end of input; :attr:`quit` then says ``"quit"`` or ``"eof"``)."""
        self._write(prompt)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except UnicodeDecodeError:  # bytes the stream cannot decode: an answer not understood
            line = "\ufffd\n"
        if not line:
            if self.transcript:
                self.say()
            self.quit = "eof"
            return None
        if self.transcript and not self.stdin.isatty():  # from a pipe: show the answer
            self.say(line.strip())
        answer = line.strip()
        if answer.lower() in self.quit_words:
            self.quit = "quit"
            return None
        return answer

    @staticmethod
    def wants_help(answer: str) -> bool:
        """Whether an answer asks for help (``h``, ``help``, ``?``)."""
        return answer.lower() in HELP_WORDS

    def cards(self, cards: Iterable[int]) -> str:
        """Cards as the person reads them: ``3♥ K♣`` or ``3h Kc``."""
        return format_cards(cards, unicode=self.unicode)


_BASE = {"has": "have", "does": "do", "goes": "go", "is": "are"}


def does(player: str, verb: str, *, you: str = "You") -> str:
    """``"Bot 1 pays"`` but ``"You pay"``: ``verb`` in the third person, agreed with ``player``."""
    if player != you:
        return f"{player} {verb}"
    return f"{player} {_BASE.get(verb, verb[:-1] if verb.endswith('s') else verb)}"


def guarded(run: Callable[[], int], stdout: TextIO, leave: Callable[[], object]) -> int:
    """``run()`` a session: its code; 0 if the reader went away (a broken pipe, ``| head``);
    after Ctrl-C, ``Interrupted.``, ``leave()`` (the person's balances...) and 130."""
    try:
        return run()
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        try:
            stdout.write("\nInterrupted.\n")
            leave()
        except (BrokenPipeError, KeyboardInterrupt):
            pass
        return 130
