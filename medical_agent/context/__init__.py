"""Context engineering stages: extraction (slots), the profile store, and prompt assembly."""
