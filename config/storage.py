"""The static files' storage in production: whitenoise's compressed manifest, which also gives the
match page's ES modules (static/js/entry/) their hashed names inside the `import` lines, so the
module the page loads and the ones it imports are cached for a year together."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
