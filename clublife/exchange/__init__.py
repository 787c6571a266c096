"""Import and export of a club's data: match documents one by one or as a batch (`documents`), and
a whole club as one JSON archive (`archive`).

The names callers use are re-exported here, so `from clublife import exchange` is unchanged.
"""

from clublife.exchange.archive import (
    ARCHIVE_FORMAT,
    ARCHIVE_MODELS,
    ARCHIVE_VERSION,
    READABLE_VERSIONS,
    ArchiveError,
    ImportedArchive,
    club_export,
    club_import,
)
from clublife.exchange.documents import (
    MAX_BATCH,
    MAX_BATCH_EVENTS,
    DocumentError,
    Imported,
    ImportRefused,
    club_matches_export,
    documents_import,
)

__all__ = [
    "ARCHIVE_FORMAT",
    "ARCHIVE_MODELS",
    "ARCHIVE_VERSION",
    "MAX_BATCH",
    "MAX_BATCH_EVENTS",
    "READABLE_VERSIONS",
    "ArchiveError",
    "DocumentError",
    "ImportRefused",
    "Imported",
    "ImportedArchive",
    "club_export",
    "club_import",
    "club_matches_export",
    "documents_import",
]
