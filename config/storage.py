"""The static files' storage in production: whitenoise's compressed manifest, which also

- gives the match page's ES modules (static/js/entry/) their hashed names inside the `import`
  lines, so the module the page loads and the ones it imports are cached for a year together;
- serves the site's own scripts without their whole-line comments (`without_comments`): the
  sources keep them, a phone on a weak signal does not download them (a third of the match
  page's script, gzipped; docs/PERFORMANCE.md); and its own stylesheets without their whole-line
  `/* ... */` comments (`without_css_comments`: a sixth of tallone.css, gzipped). No other
  change: no minifier, no build step.
"""

import re
from collections.abc import Iterable

from whitenoise.storage import CompressedManifestStaticFilesStorage

# Django's rewriting of `import ... from "./x.js"` lines (`support_js_module_import_aggregation`)
_IMPORTS = CompressedManifestStaticFilesStorage._js_module_import_aggregation_patterns[1]

# the site's own scripts under static/js/ (a library's, minified, is left as it is)
OWN_SCRIPT = re.compile(r"js/(?:[\w-]+/)*[\w-]+(?:\.[0-9a-f]{12})?\.js")

# A line that is a comment and nothing else: `// ...`, or `/* ... */` over one line or more (a
# block comment cannot hold "*/", so the match ends at its own end, never in code after it).
WHOLE_LINE_COMMENT = re.compile(r"^[ \t]*(?://[^\n]*|/\*(?:[^*]|\*(?!/))*\*/)[ \t]*\n", re.M)


# the site's own stylesheets under static/css/ (an app's, admin/css/..., is left as it is)
OWN_STYLESHEET = re.compile(r"css/[\w-]+(?:\.[0-9a-f]{12})?\.css")
# A stylesheet's line that is a `/* ... */` comment and nothing else (CSS has no `//` comment).
WHOLE_LINE_CSS_COMMENT = re.compile(r"^[ \t]*/\*(?:[^*]|\*(?!/))*\*/[ \t]*\n", re.M)


def without_comments(source: str) -> str:
    """A script without the lines that are only comments (a comment after code stays)."""
    return WHOLE_LINE_COMMENT.sub("", source)


def without_css_comments(source: str) -> str:
    """A stylesheet without the lines that are only comments (a comment after a rule stays)."""
    return WHOLE_LINE_CSS_COMMENT.sub("", source)


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    # the import lines of the site's own scripts only: a library's (django-htmx's extensions)
    # may import a package by its name, which is no file here
    patterns = (*CompressedManifestStaticFilesStorage.patterns, ("js/*.js", _IMPORTS))

    def compress_files(self, paths: Iterable[str]):
        """Before they are compressed, the site's own scripts and stylesheets lose their
        comment lines."""
        paths = list(paths)
        for path in paths:
            strip = (
                without_comments
                if OWN_SCRIPT.fullmatch(path)
                else without_css_comments
                if OWN_STYLESHEET.fullmatch(path)
                else None
            )
            if strip is not None:
                with open(self.path(path), encoding="utf-8") as own:
                    source = own.read()
                with open(self.path(path), "w", encoding="utf-8") as own:
                    own.write(strip(source))
        return super().compress_files(paths)
