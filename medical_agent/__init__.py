"""Medical knowledge agent: context engineering (extract → store → inject → verify) over hybrid RAG.

Importing the package has no side effects: no models load and no connection opens until a backend is built.
"""

__version__ = "0.1.0"
