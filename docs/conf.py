"""Sphinx configuration: the user guides are the Markdown pages of docs/ (myst-parser), the API
reference is generated from the docstrings (autodoc, napoleon).

Build: ``pip install ".[docs]"`` then ``python -m sphinx -W --keep-going -b html docs build/docs``
(tests/docs/test_docs.py runs the same, marked slow).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The reference documents this checkout's docstrings: python/ goes first on the path. A checkout
# holds no compiled core (wildeval._core is built by `pip install .`), so an extension module of
# the package that the checkout lacks is loaded from the installed wildeval instead.
_installed = importlib.util.find_spec("wildeval")
sys.path.insert(0, str(ROOT / "python"))
if _installed is not None and _installed.submodule_search_locations:
    _installed_dir = Path(list(_installed.submodule_search_locations)[0])

    class _InstalledExtensions:
        """A meta-path finder of last resort: ``wildeval.X`` extension modules of the install."""

        @staticmethod
        def find_spec(name: str, path: object = None, target: object = None) -> object:
            if not name.startswith("wildeval."):
                return None
            base = _installed_dir.joinpath(*name.split(".")[1:])
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                candidate = base.with_name(base.name + suffix)
                if candidate.is_file():
                    return importlib.util.spec_from_file_location(name, candidate)
            return None

    sys.meta_path.append(_InstalledExtensions())

project = "wildeval"
author = "The wildeval developers"
copyright = "The wildeval developers"
release = re.search(r'__version__ = "([^"]+)"', (ROOT / "python" / "wildeval" / "__init__.py").read_text()).group(1)
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "build", "Thumbs.db", ".DS_Store"]

# "[text](page.md#a-heading)" links between the guides, as GitHub shows them
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = True

html_theme = "alabaster"
html_title = f"wildeval {release}"

# Names that modules import for type checkers only (under TYPE_CHECKING): their annotations
# stay bare names, which would match both the native and the reference Evaluator. They link to
# the one class they mean (an overload's signature is not evaluated: setup() rewrites those annotations' links).
# numpy's ArrayLike is shown by its name, not as the long union it stands for.
autodoc_type_aliases = {"Evaluator": "wildeval.evaluator.Evaluator", "npt.ArrayLike": "numpy.typing.ArrayLike"}


def _qualify_type_only_names(app: object, doctree: object) -> None:
    from sphinx import addnodes

    for node in doctree.findall(addnodes.pending_xref):  # type: ignore[attr-defined]
        annotation = node.get("refspecific") is False  # a signature's annotation, not a :role:
        if annotation and node.get("refdomain") == "py" and node.get("reftarget") in autodoc_type_aliases:
            node["reftarget"] = autodoc_type_aliases[node["reftarget"]]


def setup(app: object) -> None:
    app.connect("doctree-read", _qualify_type_only_names)  # type: ignore[attr-defined]
