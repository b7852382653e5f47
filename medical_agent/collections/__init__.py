"""People's own documents: uploads indexed into a private (or one shared) collection, searched beside the
knowledge base, cited by page, erased with the profile."""

from .personal import SUFFIXES, AddReport, CollectionError, PersonalCollections, safe_name, user_key

__all__ = ["SUFFIXES", "AddReport", "CollectionError", "PersonalCollections", "safe_name", "user_key"]
