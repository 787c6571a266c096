"""The application's source as the architecture audits read it: each module's text parsed once
and walked once per test process, whichever audit asks first (ten audits walk the same 250
modules; parsing and walking them again in each took a minute of the suite).

The trees are shared: an audit reads them and never changes them."""

from __future__ import annotations

import ast
import functools


@functools.cache
def parsed(source: str) -> ast.Module:
    """The syntax tree of `source`."""
    return ast.parse(source)


@functools.cache
def walked(source: str) -> tuple[ast.AST, ...]:
    """Every node of `source`'s tree, in `ast.walk`'s order."""
    return tuple(ast.walk(parsed(source)))
