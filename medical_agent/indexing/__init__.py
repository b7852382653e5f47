"""What the runtime and the command-line builder share: corpus sources, chunking, building (and, on first
start, ensuring) a retrieval index, and building the MedCAT model pack.

``index_builder`` is the command-line shell over this package; the runtime never imports ``index_builder``.
"""
