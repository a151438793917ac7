"""Built-in data and schema migrations shipped with rulesbot."""

from pathlib import Path

# The folder of these files, read as plain files: importlib.resources would cost every
# command its imports (zipfile, tempfile, shutil) for a folder that is always on disk.
FOLDER = Path(__file__).resolve().parent
