"""Offline index builder: corpus sources → chunks → BM25 + FAISS artifacts (+ the MedCAT model pack)."""
